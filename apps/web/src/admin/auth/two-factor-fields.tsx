import { twoFactorTexts } from '@bande/shared';
import { digitsOnly, TextField } from '../ui/field.tsx';
import { authStyles } from './auth-layout.tsx';

export const TWO_FACTOR_CODE_ID = 'login-totp-code';

interface TwoFactorFieldsProps {
  email: string;
  code: string;
  onCodeChange: (code: string) => void;
  useRecovery: boolean;
  onToggleRecovery: () => void;
  error?: string | undefined;
}

/**
 * The second step of a login with two-factor on: the app's 6-digit code, or a recovery code instead.
 * The email and password typed in the first step are kept by the login page and sent again.
 */
export function TwoFactorFields({ email, code, onCodeChange, useRecovery, onToggleRecovery, error }: TwoFactorFieldsProps) {
  return (
    <>
      <p className={authStyles.stepIntro}>
        <strong>{email}</strong>
        <br />
        {useRecovery ? twoFactorTexts.recoveryHelp : twoFactorTexts.loginHelp}
      </p>
      {useRecovery ? (
        <TextField
          key="recovery"
          id={TWO_FACTOR_CODE_ID}
          label={twoFactorTexts.recoveryLabel}
          name="recoveryCode"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={11}
          required
          className={authStyles.codeInput}
          value={code}
          onChange={(event) => onCodeChange(event.target.value.trim())}
          error={error}
        />
      ) : (
        <TextField
          key="app"
          id={TWO_FACTOR_CODE_ID}
          label={twoFactorTexts.codeLabel}
          name="totpCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="\d*"
          required
          className={authStyles.codeInput}
          value={code}
          onChange={(event) => onCodeChange(digitsOnly(event.target.value))}
          error={error}
        />
      )}
      <button type="button" className={authStyles.linkButton} onClick={onToggleRecovery}>
        {useRecovery ? twoFactorTexts.useApp : twoFactorTexts.useRecovery}
      </button>
    </>
  );
}
