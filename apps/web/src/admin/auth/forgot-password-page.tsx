import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { requestResetInputSchema, resetPasswordInputSchema } from '@bande/shared/schemas/auth';
import { texts } from '@bande/shared/texts';
import { ApiError, apiSend } from '../../lib/api-client.ts';
import { fieldErrors, type FieldErrors } from '../lib/form-errors.ts';
import { adminTexts } from '../admin-texts.ts';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { TextField } from '../ui/field.tsx';
import { CodeField } from '../ui/code-field.tsx';
import { AuthLayout, authStyles } from './auth-layout.tsx';

/** Client-side rules of spec section 5, with the same schema as the server plus the confirmation. */
export function validateReset(code: string, newPassword: string, confirmation: string): FieldErrors {
  const parsed = resetPasswordInputSchema.safeParse({ code, newPassword });
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (newPassword !== confirmation) errors.confirmation = texts.validation.passwordsDoNotMatch;
  return errors;
}

/**
 * The key of an invitation mail's link (`#invitation=…`, a part of the address no server sees): the
 * invitation code is only accepted with it. A reset code needs none: the browser that asked holds its key.
 */
function invitationKeyOf(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, '')).get('invitation') || undefined;
}

/** The code and the address the invitation's link also carries (issue 35): the code is filled in. */
function linkedCode(hash: string): { code: string; email: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const code = (params.get('code') ?? '').replace(/\D/g, '').slice(0, 6);
  return code ? { code, email: params.get('email') ?? '' } : null;
}

/** What the login page hands over: the address typed there, if any. */
export interface ForgotPasswordLocationState {
  email?: string;
}

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // An invited person arrives from the mail's link: straight to the code step.
  const [invitation] = useState(() => invitationKeyOf(location.hash));
  const [step, setStep] = useState<'request' | 'code'>(invitation ? 'code' : 'request');
  const [linked] = useState(() => linkedCode(location.hash));
  const [email, setEmail] = useState(() => linked?.email || ((location.state as ForgotPasswordLocationState | null)?.email ?? ''));
  // Where the code went: null when the person came with a code already (an invitation), then no
  // « code sent » notice; '' for the principal administrator (no address given, the spec's empty body).
  const [codeMailedTo, setCodeMailedTo] = useState<string | null>(null);
  const [code, setCode] = useState(linked?.code ?? '');
  // From the link, the code is there: the new password is what is asked.
  useEffect(() => {
    if (linked) document.querySelector<HTMLInputElement>('input[name="newPassword"]')?.focus();
  }, [linked]);
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function requestCode(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    const parsed = requestResetInputSchema.safeParse({ email: address });
    if (address && !parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    setError(null);
    try {
      await apiSend('POST', '/api/auth/request-reset', address ? { email: address } : undefined);
      setCodeMailedTo(address);
      setStep('code');
    } catch {
      setError(texts.errors.resetCodeSend);
    } finally {
      setBusy(false);
    }
  }

  async function resetPassword(event: FormEvent) {
    event.preventDefault();
    const found = validateReset(code, newPassword, confirmation);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      // The answer "may carry error" (spec section 7) even with a 2xx status.
      const answer = await apiSend<{ error?: unknown }>('POST', '/api/auth/reset-password', { code, newPassword, ...(invitation ? { invitation } : {}) });
      if (typeof answer.error === 'string' && answer.error) {
        setError(answer.error);
        setBusy(false);
        return;
      }
      navigate('/admin/login', { replace: true, state: { notice: texts.success.passwordReset, ...(email.trim() ? { email: email.trim() } : {}) } });
    } catch (cause) {
      const serverError = cause instanceof ApiError && typeof cause.body.error === 'string' ? cause.body.error : undefined;
      setError(serverError || texts.errors.resetFailed);
      setBusy(false);
    }
  }

  function backToRequest() {
    setStep('request');
    setCode('');
    setNewPassword('');
    setConfirmation('');
    setErrors({});
    setError(null);
  }

  return (
    <AuthLayout
      title={adminTexts.reset.title}
      intro={step === 'request' ? adminTexts.reset.requestIntro : undefined}
    >
      {step === 'request' ? (
        <form className={authStyles.form} onSubmit={requestCode} noValidate>
          {error ? <Alert>{error}</Alert> : null}
          <TextField
            label={adminTexts.reset.email}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            hint={adminTexts.reset.emailHint}
            error={errors.email}
          />
          <AdminButton type="submit" variant="primary" block disabled={busy}>
            {busy ? adminTexts.reset.requesting : adminTexts.reset.request}
          </AdminButton>
          <button
            type="button"
            className={authStyles.linkButton}
            onClick={() => {
              setCodeMailedTo(null);
              setErrors({});
              setStep('code');
            }}
          >
            {adminTexts.reset.haveCode}
          </button>
        </form>
      ) : (
        <form className={authStyles.form} onSubmit={resetPassword} noValidate>
          {linked && code === linked.code ? <Alert tone="info">{adminTexts.reset.linkedCode}</Alert> : null}
          {/* The account's address, for the browser's password manager to file the new password under. */}
          {email.trim() ? <input type="email" name="username" autoComplete="username" value={email.trim()} readOnly hidden /> : null}
          {codeMailedTo !== null ? <Alert tone="info">{codeMailedTo ? adminTexts.reset.codeSentTo(codeMailedTo) : texts.success.resetCodeSent}</Alert> : null}
          {codeMailedTo === null && !invitation ? <p className={authStyles.stepIntro}>{adminTexts.reset.codeWhereFrom}</p> : null}
          {error ? <Alert>{error}</Alert> : null}
          <CodeField
            kind="digits"
            label={adminTexts.reset.code}
            name="code"
            required
            className={authStyles.codeInput}
            value={code}
            onValueChange={setCode}
            hint={adminTexts.reset.codeHint}
            error={errors.code}
          />
          <TextField
            label={adminTexts.reset.newPassword}
            type="password"
            name="newPassword"
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            hint={adminTexts.reset.newPasswordHint}
            error={errors.newPassword}
          />
          <TextField
            label={adminTexts.reset.confirm}
            type="password"
            name="confirmation"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={errors.confirmation}
          />
          <AdminButton type="submit" variant="primary" block disabled={busy}>
            {busy ? texts.submitting.saving : adminTexts.reset.submit}
          </AdminButton>
          <button type="button" className={authStyles.linkButton} onClick={backToRequest}>
            {texts.admin.resendCode}
          </button>
        </form>
      )}
      <div className={authStyles.links}>
        <Link to="/admin/login">{adminTexts.reset.backToLogin}</Link>
      </div>
    </AuthLayout>
  );
}
