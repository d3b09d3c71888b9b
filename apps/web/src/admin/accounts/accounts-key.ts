import { ADMIN_KEY } from '../lib/admin-api.ts';

/** The accounts list's query key (its own module: the tab and its two-factor section both use it). */
export const accountsKey = [ADMIN_KEY, 'accounts'] as const;
