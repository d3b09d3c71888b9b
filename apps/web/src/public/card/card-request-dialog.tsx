import type { CardConfig } from '@bande/shared/schemas/card-config';
import { useRef, useState } from 'react';
import { texts } from '@bande/shared/texts';
import { z } from '@bande/shared/zod';
import { cardRequestInputSchema } from '@bande/shared/schemas/forms';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { apiSend } from '../../lib/api-client.ts';
import { HoneypotField, honeypotValue } from '../forms/honeypot-field.tsx';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Alert } from '../../components/feedback.tsx';
import { submitErrorMessage } from '../forms/validation.ts';
import styles from '../forms/form-layout.module.css';

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

/** The server's schema, with a blank email read as the other missing fields are ('Ce champ est obligatoire'). */
const cardRequestFormSchema = cardRequestInputSchema.extend({
  email: z.string().trim().min(1, texts.validation.required).pipe(cardRequestInputSchema.shape.email),
});

function CardRequestForm({ buttonText }: { buttonText: string }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(cardRequestFormSchema, { defaultValues: { firstName: '', lastName: '', email: '', phone: '' } });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  // The fields are disabled while the request is under way, not while the form is only being checked:
  // a disabled field could not take the focus that points at the first mistake.
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const bind = (field: 'firstName' | 'lastName' | 'email' | 'phone') => ({
    ...register(field),
    error: errors[field]?.message ?? null,
    disabled: sending,
    required: true,
  });

  const onSubmit = handleSubmit(
    async (values) => {
      setSubmitError(null);
      setSending(true);
      try {
        const answer = await apiSend<{ message?: string }>('POST', '/api/contact/request-card', { ...values, ...honeypotValue(formRef.current) });
        setSuccessMessage(answer.message || texts.success.cardRequestSent);
      } catch (error) {
        setSubmitError(submitErrorMessage(error, texts.errors.cardRequestFailed, texts.errors.sendFailed));
      } finally {
        setSending(false);
      }
    },
    () => setSubmitError(null),
  );

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
      <Button type="submit" block disabled={isSubmitting}>
        {isSubmitting ? texts.submitting.sending : buttonText}
      </Button>
    </form>
  );
}
