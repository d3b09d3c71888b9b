import { z } from '../zod.ts';
import { ROLES, type Role } from '../roles.ts';

// The roles and their texts are zod-free (../roles.ts, for the dashboard's first load); their schemas are here.
export * from '../roles.ts';

export const roleSchema = z.enum(ROLES, { error: 'Rôle inconnu : administrateur, éditeur ou secrétariat' }) satisfies z.ZodType<Role>;

export const roleUpdateInputSchema = z.object({ role: roleSchema });
