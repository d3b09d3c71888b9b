import { twoFactorTexts } from '@bande/shared/schemas/two-factor';
import { CodeField } from '../ui/code-field.tsx';
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
      {/* Keyed by kind: switching starts an empty field, announced anew by screen readers. */}
      <CodeField
        key={useRecovery ? 'recovery' : 'app'}
        kind={useRecovery ? 'recovery' : 'digits'}
        id={TWO_FACTOR_CODE_ID}
        label={useRecovery ? twoFactorTexts.recoveryLabel : twoFactorTexts.codeLabel}
        name={useRecovery ? 'recoveryCode' : 'totpCode'}
        required
        className={authStyles.codeInput}
        value={code}
        onValueChange={onCodeChange}
        error={error}
      />
      <button type="button" className={authStyles.linkButton} onClick={onToggleRecovery}>
        {useRecovery ? twoFactorTexts.useApp : twoFactorTexts.useRecovery}
      </button>
    </>
  );
}
