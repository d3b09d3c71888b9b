import { z } from '../zod.ts';
import { texts } from '../texts.ts';
import { LIMITS } from '../constants.ts';
import { withoutNul } from './text-guards.ts';
import { emailSchema } from './common.ts';
import { secondFactorCodeSchema } from './two-factor.ts';
import { roleSchema } from './roles.ts';

const sixDigitCode = z.string().trim().regex(/^\d{1,6}$/, texts.validation.codeDigits);

/** Looked up in the database: PostgreSQL cannot even compare a text holding NUL, so refuse it here. */
const loginEmail = withoutNul(z.string({ error: texts.validation.required }).trim().min(1, texts.validation.required).max(254));

export const loginInputSchema = z.object({
  email: loginEmail,
  password: z.string({ error: texts.validation.required }).min(1, texts.validation.required).max(1024),
  unlockCode: z.union([sixDigitCode, z.literal(''), z.null()]).optional().transform((v) => v || undefined),
  /** With two-factor login on: the app's 6-digit code, or one of the account's recovery codes. */
  totpCode: z.preprocess((v) => (v === '' || v === null ? undefined : v), secondFactorCodeSchema.optional()),
});
export type LoginInput = z.input<typeof loginInputSchema>;

export const adminUserSchema = z.object({ id: z.number(), email: z.string(), role: roleSchema });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: adminUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const loginFailureSchema = z.object({
  error: z.string(),
  message: z.string().optional(),
  remainingAttempts: z.number().optional(),
  canRequestUnlock: z.boolean().optional(),
  /** The password was right and the account asks for its second factor (totpCode). */
  totpRequired: z.boolean().optional(),
});

export const requestUnlockInputSchema = z.object({ email: loginEmail });

/** No input (the primary account), or the email of the account that wants a reset code. */
/**
 * No body: the code goes to the principal administrator (spec). With an address, to that account, if
 * there is one (the answer is the same either way); an address that cannot be one is refused in French.
 */
export const requestResetInputSchema = z.object({ email: withoutNul(emailSchema).optional() });

export const resetPasswordInputSchema = z.object({
  code: sixDigitCode,
  newPassword: z
    .string({ error: texts.validation.passwordTooShort })
    .min(LIMITS.passwordMin, texts.validation.passwordTooShort)
    .max(1024),
  /**
   * The key of an invitation mail's link (its #invitation= part, never in an address the server
   * sees): the invitation code is only accepted with it. A reset code needs none here: the browser
   * that asked for it holds its key in a cookie.
   */
  invitation: z.string().max(100).optional(),
});
