import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@bande/shared';
import { loginInputSchema, requestUnlockInputSchema } from '@bande/shared/schemas/auth';
import { passkeyTexts } from '@bande/shared/schemas/passkeys';
import { texts } from '@bande/shared/texts';
import { twoFactorTexts } from '@bande/shared/schemas/two-factor';
import { ApiError, apiSend } from '../../lib/api-client.ts';
import { ADMIN_KEY } from '../lib/admin-api.ts';
import { saveSession } from '../lib/session.ts';
import { forgetDrafts } from '../lib/drafts.ts';
import { loginWithPasskey, passkeyAutofillSupported, passkeyErrorMessage, passkeysSupported } from '../lib/passkeys.ts';
import { fieldErrors, type FieldErrors } from '../lib/form-errors.ts';
import { adminTexts } from '../admin-texts.ts';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { TextField } from '../ui/field.tsx';
import { CodeField } from '../ui/code-field.tsx';
import { AuthLayout, authStyles } from './auth-layout.tsx';
import type { ForgotPasswordLocationState } from './forgot-password-page.tsx';
import { TWO_FACTOR_CODE_ID, TwoFactorFields } from './two-factor-fields.tsx';

const UNLOCK_CODE_ID = 'login-unlock-code';

interface LoginLocationState {
  from?: string;
  notice?: string;
  /** The account's address, after its password was chosen (forgot-password-page.tsx). */
  email?: string;
}

/** The login failure message of spec section 8, from the server's answer. */
export function loginErrorMessage(error: unknown): { message: string; locked: boolean; totpRequired: boolean } {
  if (!(error instanceof ApiError) || error.status === 0) return { message: texts.errors.connection, locked: false, totpRequired: false };
  const { body } = error;
  const serverError = typeof body.error === 'string' && body.error ? body.error : undefined;
  // The server failed (a 5xx): not a wrong password, and the network is fine.
  if (error.status >= 500) return { message: texts.errors.server, locked: false, totpRequired: false };
  if (error.status === 429) {
    const serverMessage = typeof body.message === 'string' && body.message ? body.message : serverError;
    // Only a locked account is helped by an unlock code; a limit on this connection (canRequestUnlock
    // false, or a flood guard's bare 429) is waited out, or another account signs in meanwhile.
    return { message: serverMessage ?? texts.errors.accountLocked, locked: body.canRequestUnlock === true, totpRequired: false };
  }
  // The password was right; the account asks for its second factor (or refused the code sent).
  if (body.totpRequired === true) {
    const message = typeof body.remainingAttempts === 'number' ? twoFactorTexts.codeRemaining(body.remainingAttempts) : (serverError ?? twoFactorTexts.codeRequired);
    return { message, locked: false, totpRequired: true };
  }
  if (typeof body.remainingAttempts === 'number') return { message: texts.errors.loginRemaining(body.remainingAttempts), locked: false, totpRequired: false };
  return { message: serverError ?? texts.errors.loginInvalid, locked: false, totpRequired: false };
}

/** The login form over a page whose session the server ended (admin-app.tsx SignInAgain). */
export interface SignInAgainProps {
  /** The account whose changes the page holds: its email is filled in. */
  email: string;
  /** Signed in (the same account or another): the caller decides what the page becomes. */
  onEntered: (session: LoginResponse) => void;
  /** « Abandonner les modifications » : the plain login page. */
  onGiveUp: () => void;
}

export function LoginPage({ again }: { again?: SignInAgainProps | undefined }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const state = (location.state ?? {}) as LoginLocationState;

  const [email, setEmail] = useState(again?.email ?? state.email ?? '');
  const [password, setPassword] = useState('');
  const [unlockCode, setUnlockCode] = useState('');
  const [showUnlockField, setShowUnlockField] = useState(false);
  const [locked, setLocked] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(again ? adminTexts.login.sessionEndedKeepWork : (state.notice ?? null));
  const [submitting, setSubmitting] = useState(false);
  const [requestingUnlock, setRequestingUnlock] = useState(false);
  // Second step, when the account has two-factor login on (the API answered totpRequired).
  const [twoFactor, setTwoFactor] = useState(false);
  const [useRecovery, setUseRecovery] = useState(false);
  const [totpCode, setTotpCode] = useState('');

  const [passkeyBusy, setPasskeyBusy] = useState(false);

  function enter(session: LoginResponse) {
    const { token, user } = session;
    // Changes kept for another account (lib/drafts.ts) are not this one's to see.
    forgetDrafts({ keep: user.id });
    if (again) {
      again.onEntered(session);
      return;
    }
    queryClient.removeQueries({ queryKey: [ADMIN_KEY] });
    saveSession(token, user);
    navigate(state.from && state.from.startsWith('/admin/') ? state.from : '/admin/dashboard', { replace: true });
  }

  // Browser autofill: where the browser offers passkeys among the email field's suggestions
  // (conditional mediation), one is waited for from the email field's first focus (a visit that never
  // types asks the server for no challenge); picking it logs in. The button's ceremony aborts it.
  // A convenience only: its failures are silent (the button says why it refuses).
  const autofillStarted = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  async function startAutofill() {
    if (autofillStarted.current) return;
    autofillStarted.current = true;
    try {
      if (!(await passkeyAutofillSupported())) return;
      const session = await loginWithPasskey(true);
      if (mounted.current) enter(session);
    } catch {
      // Aborted by the button, cancelled, expired or refused: the password and the button remain.
      autofillStarted.current = false;
    }
  }

  /** « Se connecter avec une clé d’accès »: no email nor password, and no lockout to wait for. */
  async function passkeyLogin() {
    setPasskeyBusy(true);
    setError(null);
    setInfo(null);
    try {
      enter(await loginWithPasskey(false));
    } catch (cause) {
      setError(passkeyErrorMessage(cause, passkeyTexts.loginFailed));
      setPasskeyBusy(false);
    }
  }

  // The code field takes the focus when the second step opens, and when switching app code / recovery code.
  useEffect(() => {
    if (twoFactor) document.getElementById(TWO_FACTOR_CODE_ID)?.focus();
  }, [twoFactor, useRecovery]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (locked || submitting) return;
    if (twoFactor && !totpCode) {
      setErrors({ totpCode: texts.validation.required });
      return;
    }
    const parsed = loginInputSchema.safeParse(
      twoFactor ? { email, password, totpCode } : { email, password, unlockCode: showUnlockField ? unlockCode : undefined },
    );
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setError(null);
    setSubmitting(true);
    try {
      enter(await apiSend<LoginResponse>('POST', '/api/auth/login', parsed.data));
    } catch (cause) {
      const { message, locked: nowLocked, totpRequired } = loginErrorMessage(cause);
      setInfo(null);
      setSubmitting(false);
      if (totpRequired && !twoFactor) {
        // First answer of the second step: no error to show, only the code to ask (an unlock code sent
        // with the password has been used: the account is unlocked).
        setTwoFactor(true);
        setShowUnlockField(false);
        setUnlockCode('');
        setError(null);
        return;
      }
      setError(message);
      setTotpCode('');
      if (nowLocked && showUnlockField && unlockCode) {
        // A wrong or mistyped unlock code: the code already mailed still works, so the field and the
        // button stay, the code ready to be corrected (no dead end behind « Recevoir un code »).
        document.getElementById(UNLOCK_CODE_ID)?.focus();
      } else if (nowLocked) {
        setTwoFactor(false);
        setLocked(true);
      }
    }
  }

  async function requestUnlock() {
    const parsed = requestUnlockInputSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setRequestingUnlock(true);
    try {
      await apiSend('POST', '/api/auth/request-unlock', parsed.data);
      setError(null);
      setInfo(texts.success.unlockCodeSent);
      setLocked(false);
      setShowUnlockField(true);
    } catch (cause) {
      const serverError = cause instanceof ApiError && typeof cause.body.error === 'string' ? cause.body.error : undefined;
      setError(serverError || texts.errors.unlockRequestFailed);
    } finally {
      setRequestingUnlock(false);
    }
  }

  function leaveTwoFactor() {
    setTwoFactor(false);
    setUseRecovery(false);
    setTotpCode('');
    setErrors({});
    setError(null);
  }

  if (twoFactor) {
    return (
      <AuthLayout title={twoFactorTexts.title} inLayer={Boolean(again)}>
        <form className={authStyles.form} onSubmit={onSubmit} noValidate>
          {error ? <Alert>{error}</Alert> : null}
          <TwoFactorFields
            email={email}
            code={totpCode}
            onCodeChange={setTotpCode}
            useRecovery={useRecovery}
            onToggleRecovery={() => {
              setUseRecovery(!useRecovery);
              setTotpCode('');
              setErrors({});
            }}
            error={errors.totpCode}
          />
          <AdminButton type="submit" variant="primary" block disabled={submitting}>
            {submitting ? adminTexts.login.submitting : twoFactorTexts.verify}
          </AdminButton>
          <button type="button" className={authStyles.linkButton} onClick={leaveTwoFactor}>
            {twoFactorTexts.back}
          </button>
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={again ? adminTexts.login.signInAgain : adminTexts.login.title} inLayer={Boolean(again)}>
      <form className={authStyles.form} onSubmit={onSubmit} noValidate>
        {info ? <Alert tone={info === adminTexts.login.sessionExpired || info === adminTexts.login.sessionEndedKeepWork ? 'info' : 'success'}>{info}</Alert> : null}
        {error ? <Alert>{error}</Alert> : null}
        <TextField
          label={adminTexts.login.email}
          type="email"
          name="email"
          autoComplete="username webauthn"
          onFocus={() => void startAutofill()}
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={locked}
          error={errors.email}
        />
        <TextField
          label={adminTexts.login.password}
          type="password"
          name="password"
          autoComplete="current-password"
          // Over a page whose session ended, the email is filled in: the password is what is asked.
          autoFocus={Boolean(again)}
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          disabled={locked}
          error={errors.password}
        />
        {showUnlockField ? (
          <CodeField
            kind="digits"
            id={UNLOCK_CODE_ID}
            label={adminTexts.login.unlockCode}
            name="unlockCode"
            className={authStyles.codeInput}
            value={unlockCode}
            onValueChange={setUnlockCode}
            hint={adminTexts.login.unlockHint}
            error={errors.unlockCode}
          />
        ) : null}
        {locked ? (
          <AdminButton variant="primary" block onClick={requestUnlock} disabled={requestingUnlock}>
            {requestingUnlock ? adminTexts.login.requestingUnlock : adminTexts.login.requestUnlock}
          </AdminButton>
        ) : (
          <AdminButton type="submit" variant="primary" block disabled={submitting}>
            {submitting ? adminTexts.login.submitting : adminTexts.login.submit}
          </AdminButton>
        )}
        {passkeysSupported() ? (
          <AdminButton block onClick={() => void passkeyLogin()} disabled={passkeyBusy}>
            {passkeyBusy ? passkeyTexts.loggingIn : passkeyTexts.loginButton}
          </AdminButton>
        ) : null}
        {!locked && !showUnlockField ? (
          <button type="button" className={authStyles.linkButton} onClick={() => setShowUnlockField(true)}>
            J’ai reçu un code de déblocage
          </button>
        ) : null}
        {/* A code expired or used up: another one, without waiting for the lock to say so. */}
        {!locked && showUnlockField ? (
          <button type="button" className={authStyles.linkButton} onClick={() => void requestUnlock()} disabled={requestingUnlock}>
            {requestingUnlock ? adminTexts.login.requestingUnlock : adminTexts.login.requestAnotherUnlock}
          </button>
        ) : null}
      </form>
      {again ? (
        <div className={authStyles.links}>
          <button type="button" className={authStyles.linkButton} onClick={again.onGiveUp}>
            {adminTexts.login.giveUpChanges}
          </button>
        </div>
      ) : (
      <div className={authStyles.links}>
        <Link to="/admin/forgot-password" state={{ email: email.trim() } satisfies ForgotPasswordLocationState}>
          {texts.admin.forgotPasswordLink}
        </Link>
        <a href="/">{adminTexts.login.backToSite}</a>
      </div>
      )}
    </AuthLayout>
  );
}
