import type { CardConfig } from '@bande/shared/schemas/card-config';
import { useRef, useState, type FormEvent } from 'react';
import { texts } from '@bande/shared/texts';
import { apiSend } from '../../lib/api-client.ts';
import { HoneypotField, honeypotValue } from '../forms/honeypot-field.tsx';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Alert } from '../../components/feedback.tsx';
import { isBlank, isEmail, submitErrorMessage } from '../forms/validation.ts';
import styles from './card-request-dialog.module.css';

export interface CardRequestModalProps {
  open: boolean;
  onClose: () => void;
  config: Pick<CardConfig, 'modalTitle' | 'modalDescription' | 'modalButtonText'>;
}

/** Subscriber-card request: first name, last name, email and phone, all required (loaded on first opening). */
export function CardRequestDialog({ open, onClose, config }: CardRequestModalProps) {
  return (
    <Modal open={open} onClose={onClose} title={config.modalTitle} description={config.modalDescription} size="md">
      <CardRequestForm buttonText={config.modalButtonText} />
    </Modal>
  );
}

const FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

function validate(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const field of FIELDS) if (isBlank(values[field])) errors[field] = texts.validation.required;
  if (!errors.email && !isEmail(values.email)) errors.email = texts.validation.emailInvalid;
  return errors;
}

function CardRequestForm({ buttonText }: { buttonText: string }) {
  const [values, setValues] = useState<Values>({ firstName: '', lastName: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field] ?? null,
    disabled: submitting,
    required: true,
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitError(null);
    const found = validate(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const payload = Object.fromEntries(FIELDS.map((field) => [field, values[field].trim()]));
      const answer = await apiSend<{ message?: string }>('POST', '/api/contact/request-card', { ...payload, ...honeypotValue(formRef.current) });
      setSuccessMessage(answer.message || texts.success.cardRequestSent);
    } catch (error) {
      setSubmitError(submitErrorMessage(error, texts.errors.cardRequestFailed, texts.errors.sendFailed));
    } finally {
      setSubmitting(false);
    }
  }

  if (successMessage) return <Alert tone="success">{successMessage}</Alert>;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className={styles.form}>
      <div className={styles.row}>
        <FormField label="Prénom" autoComplete="given-name" {...bind('firstName')} />
        <FormField label="Nom" autoComplete="family-name" {...bind('lastName')} />
      </div>
      <FormField label="Email" type="email" inputMode="email" autoComplete="email" {...bind('email')} />
      <FormField label="Téléphone" type="tel" inputMode="tel" autoComplete="tel" {...bind('phone')} />
      <HoneypotField />
      {submitError ? <Alert tone="error">{submitError}</Alert> : null}
      <Button type="submit" block disabled={submitting}>
        {submitting ? texts.submitting.sending : buttonText}
      </Button>
    </form>
  );
}
