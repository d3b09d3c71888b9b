import type { InputHTMLAttributes, ReactNode } from 'react';
import { digitsOnly, TextField } from './field.tsx';

/** The longest recovery code ("xxxxx-xxxxx"), which the field lets through whole. */
const RECOVERY_CODE_LENGTH = 11;

interface CodeFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  label: ReactNode;
  /**
   * `digits`: a 6-digit code (the authenticator app's, or one sent by mail to unlock or reset), with
   * the phone's number pad and the one-time-code autofill; anything else typed is dropped.
   * `recovery`: a recovery code (letters and a dash), taken as typed but for spaces around it.
   */
  kind: 'digits' | 'recovery';
  value: string;
  onValueChange: (code: string) => void;
  hint?: ReactNode;
  error?: string | undefined;
}

/** The field of a code typed at login, at a password reset or in the two-factor settings. */
export function CodeField({ kind, onValueChange, ...field }: CodeFieldProps) {
  return kind === 'digits' ? (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      pattern="\d*"
      {...field}
      onChange={(event) => onValueChange(digitsOnly(event.target.value))}
    />
  ) : (
    <TextField
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={RECOVERY_CODE_LENGTH}
      {...field}
      onChange={(event) => onValueChange(event.target.value.trim())}
    />
  );
}
