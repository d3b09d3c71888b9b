import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { newsletterInputSchema } from '@bande/shared/schemas/forms';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { texts } from '@bande/shared/texts';
import { TIMINGS } from '@bande/shared/constants';
import { apiSend } from '../../lib/api-client.ts';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Alert } from '../../components/feedback.tsx';
import { submitErrorMessage } from '../forms/validation.ts';
import { HoneypotField, honeypotValue } from '../forms/honeypot-field.tsx';
import styles from './newsletter-modal.module.css';
import { frenchTypography } from '@bande/shared/format/french-typography';
import { usePageTexts } from '../../lib/site-content.ts';

export interface NewsletterModalProps {
  open: boolean;
  onClose: () => void;
}

/** Newsletter subscription: one email field; on success a thank-you, then the dialog closes by itself after 2 s. */
export function NewsletterModal({ open, onClose }: NewsletterModalProps) {
  const pageTexts = usePageTexts();
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title={frenchTypography(pageTexts.newsletterTitle)}
      description={frenchTypography(pageTexts.newsletterIntro)}
    >
      <NewsletterForm onDone={onClose} />
    </Modal>
  );
}

function NewsletterForm({ onDone }: { onDone: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(newsletterInputSchema, { defaultValues: { email: '' } });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  // Disabled while the request is under way, not while the form is only being checked (the focus
  // must be able to land on a wrong field).
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const done = useEffectEvent(() => onDone());

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => done(), TIMINGS.newsletterCloseMs);
    return () => window.clearTimeout(timer);
  }, [success]);

  const onSubmit = handleSubmit(
    async ({ email }) => {
      setSubmitError(null);
      setSending(true);
      try {
        await apiSend('POST', '/api/newsletter/subscribe', { email, ...honeypotValue(formRef.current) });
        setSuccess(true);
      } catch (error) {
        setSubmitError(submitErrorMessage(error, texts.errors.newsletterFailed, texts.errors.generic));
      } finally {
        setSending(false);
      }
    },
    () => setSubmitError(null),
  );

  if (success) {
    return <Alert tone="success">{texts.success.newsletterSubscribed}</Alert>;
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className={styles.form}>
      <FormField
        label="Votre adresse email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="prenom.nom@exemple.fr"
        required
        {...register('email')}
        error={errors.email?.message ?? null}
        disabled={sending}
      />
      <HoneypotField />
      {submitError ? <Alert tone="error">{submitError}</Alert> : null}
      <Button type="submit" block disabled={isSubmitting}>
        {isSubmitting ? texts.submitting.subscribing : "S'inscrire"}
      </Button>
      <p className={styles.note}>Un lien de confirmation vous sera envoyé par email. Un lien de désinscription figure dans chaque lettre.</p>
      <p className={styles.note}>
        {/* The letters already sent, to see what one subscribes to; the window closes as the page opens. */}
        <Link to="/lettres" onClick={onDone}>
          Lire les lettres déjà envoyées
        </Link>
      </p>
    </form>
  );
}
