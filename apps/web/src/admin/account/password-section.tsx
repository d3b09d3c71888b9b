import { changePasswordInputSchema, passkeyTexts } from '@bande/shared/schemas/passkeys';
import { texts } from '@bande/shared/texts';
import { formSchemaFrom } from '../lib/form-schema.ts';
import type { FieldErrors } from '../lib/form-errors.ts';
import { adminTexts } from '../admin-texts.ts';
import { ADMIN_KEY, errorMessage } from '../lib/admin-api.ts';
import { AdminButton } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';
import { useToast } from '../ui/toast.tsx';
import { useAdminForm } from '../ui/use-admin-form.ts';
import styles from './account.module.css';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  /** The new password typed again: a typo would otherwise lock its owner out. Never sent. */
  confirmation: string;
}

const passwordSchema = formSchemaFrom(
  changePasswordInputSchema,
  ({ currentPassword, newPassword }: PasswordValues) => ({ currentPassword, newPassword }),
  ({ newPassword, confirmation }): FieldErrors => (newPassword !== confirmation ? { confirmation: texts.validation.passwordsDoNotMatch } : {}),
);

/** « Mot de passe » of the logged-in account: the current one, then the new one twice; other sessions are closed. */
export function PasswordSection() {
  const toast = useToast();
  const change = useAdminForm({
    schema: passwordSchema,
    defaultValues: { currentPassword: '', newPassword: '', confirmation: '' },
    save: (api, body) => api.send('PUT', '/api/auth/me/password', body),
    queryKey: [ADMIN_KEY, 'account'],
    onSaved: () => {
      change.form.reset();
      toast.show(passkeyTexts.passwordChanged, 'success');
    },
    // A wrong current password (or the same one again): said under the current password.
    onFailed: (error) =>
      change.form.setError('currentPassword', { type: 'server', message: errorMessage(error, passkeyTexts.currentPasswordWrong) }, { shouldFocus: true }),
  });
  return (
    <section className={styles.section} aria-labelledby="password-title">
      <h2 id="password-title" className={styles.title}>
        {passkeyTexts.passwordTitle}
      </h2>
      <form className={styles.form} noValidate onSubmit={change.onSubmit} aria-label={passkeyTexts.changePassword}>
        <TextField label={passkeyTexts.currentPassword} type="password" autoComplete="current-password" required {...change.inputProps('currentPassword')} />
        <TextField label={passkeyTexts.newPassword} type="password" autoComplete="new-password" required hint={adminTexts.reset.newPasswordHint} {...change.inputProps('newPassword')} />
        <TextField label={adminTexts.reset.confirm} type="password" autoComplete="new-password" required {...change.inputProps('confirmation')} />
        <div className={styles.buttons}>
          <AdminButton type="submit" variant="primary" disabled={change.saving}>
            {change.saving ? passkeyTexts.changingPassword : passkeyTexts.changePassword}
          </AdminButton>
        </div>
      </form>
    </section>
  );
}
