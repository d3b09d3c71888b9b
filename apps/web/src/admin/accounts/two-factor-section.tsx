import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  totpDisableInputSchema,
  totpEnableInputSchema,
  twoFactorTexts,
  type TotpEnableResponse,
  type TotpSetupResponse,
  type TotpStatus,
} from '@bande/shared/schemas/two-factor';
import { ADMIN_KEY, errorMessage, useAdminApi } from '../lib/admin-api.ts';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { CodeField } from '../ui/code-field.tsx';
import { useToast } from '../ui/toast.tsx';
import { accountsKey } from './accounts-key.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TwoFactorQr } from './two-factor-qr.tsx';
import styles from './two-factor.module.css';

export const twoFactorKey = [ADMIN_KEY, 'two-factor'] as const;

type Step = { kind: 'idle' } | { kind: 'setup'; setup: TotpSetupResponse } | { kind: 'codes'; codes: string[] };

/**
 * « Double authentification » of the logged-in account: set up (QR code and secret, shown only
 * during the setup), confirm with a first code, show the recovery codes once, disable with a code.
 */
export function TwoFactorSection() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const status = useQuery({ queryKey: twoFactorKey, queryFn: () => api.get<TotpStatus>('/api/auth/totp'), staleTime: 0 });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: twoFactorKey });
    void queryClient.invalidateQueries({ queryKey: accountsKey });
  };
  const failed = (error: unknown) => setCodeError(errorMessage(error, twoFactorTexts.codeInvalid));

  const setup = useMutation({
    mutationFn: () => api.send<TotpSetupResponse>('POST', '/api/auth/totp/setup'),
    onSuccess: (answer) => {
      setCode('');
      setCodeError(undefined);
      setStep({ kind: 'setup', setup: answer });
    },
    onError: (error) => toast.show(errorMessage(error, twoFactorTexts.loadFailed), 'error'),
  });
  const enable = useMutation({
    mutationFn: (value: string) => api.send<TotpEnableResponse>('POST', '/api/auth/totp/enable', { code: value }),
    onSuccess: (answer) => {
      setCode('');
      setStep({ kind: 'codes', codes: answer.recoveryCodes });
      refresh();
      toast.show(twoFactorTexts.enabled, 'success');
    },
    onError: failed,
  });
  const disable = useMutation({
    mutationFn: (value: string) => api.send('POST', '/api/auth/totp/disable', { code: value }),
    onSuccess: () => {
      setCode('');
      refresh();
      toast.show(twoFactorTexts.disabled, 'success');
    },
    onError: failed,
  });

  function submit(event: FormEvent, schema: typeof totpEnableInputSchema | typeof totpDisableInputSchema, run: (value: string) => void) {
    event.preventDefault();
    const parsed = schema.safeParse({ code });
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message);
      return;
    }
    setCodeError(undefined);
    run(parsed.data.code);
  }

  const enabled = status.data?.enabled === true;
  return (
    <section className={styles.section} aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className={styles.title}>
        {twoFactorTexts.title}
      </h2>
      <p className={styles.text}>{twoFactorTexts.intro}</p>
      {status.isError ? <Alert>{twoFactorTexts.loadFailed}</Alert> : null}
      {step.kind === 'codes' ? (
        <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />
      ) : step.kind === 'setup' ? (
        <div className={styles.setup}>
          <TwoFactorQr otpauthUrl={step.setup.otpauthUrl} />
          <div>
            <p className={styles.text}>{twoFactorTexts.scanHelp}</p>
            <p className={styles.text}>{twoFactorTexts.secretLabel}</p>
            <p>
              <code className={styles.secret} data-testid="totp-secret">
                {step.setup.secret}
              </code>
            </p>
            <form className={styles.form} noValidate onSubmit={(event) => submit(event, totpEnableInputSchema, (value) => enable.mutate(value))}>
              <CodeField
                kind="digits"
                label={twoFactorTexts.codeLabel}
                name="totpCode"
                required
                value={code}
                onValueChange={setCode}
                error={codeError}
              />
              <div className={styles.buttons}>
                <AdminButton type="submit" variant="primary" disabled={enable.isPending}>
                  {enable.isPending ? twoFactorTexts.confirming : twoFactorTexts.confirmButton}
                </AdminButton>
                <AdminButton onClick={() => setStep({ kind: 'idle' })} disabled={enable.isPending}>
                  {twoFactorTexts.cancel}
                </AdminButton>
              </div>
            </form>
          </div>
        </div>
      ) : enabled ? (
        <>
          <p className={styles.text}>
            <strong>{twoFactorTexts.statusOn}</strong> {twoFactorTexts.recoveryLeft(status.data?.recoveryCodesLeft ?? 0)}
          </p>
          <form className={styles.form} noValidate onSubmit={(event) => submit(event, totpDisableInputSchema, (value) => disable.mutate(value))}>
            <CodeField
              kind="recovery"
              label={twoFactorTexts.disableCodeLabel}
              name="disableCode"
              autoComplete="one-time-code"
              required
              value={code}
              onValueChange={setCode}
              hint={twoFactorTexts.disableHelp}
              error={codeError}
            />
            <div className={styles.buttons}>
              <AdminButton type="submit" variant="danger" disabled={disable.isPending}>
                {disable.isPending ? twoFactorTexts.disabling : twoFactorTexts.disableButton}
              </AdminButton>
            </div>
          </form>
        </>
      ) : status.isSuccess ? (
        <>
          <p className={styles.text}>{twoFactorTexts.statusOff}</p>
          <AdminButton variant="primary" onClick={() => setup.mutate()} disabled={setup.isPending}>
            {setup.isPending ? twoFactorTexts.settingUp : twoFactorTexts.setUpButton}
          </AdminButton>
        </>
      ) : null}
    </section>
  );
}
