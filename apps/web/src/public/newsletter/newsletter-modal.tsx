import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { texts } from '@bande/shared/texts';
import { TIMINGS } from '@bande/shared/constants';
import { apiSend } from '../../lib/api-client.ts';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Alert } from '../../components/feedback.tsx';
import { isEmail, submitErrorMessage } from '../forms/validation.ts';
import { HoneypotField, honeypotValue } from '../forms/honeypot-field.tsx';
import styles from './newsletter-modal.module.css';

export interface NewsletterModalProps {
  open: boolean;
  onClose: () => void;
}

/** Newsletter subscription: one email field; on success a thank-you, then the dialog closes by itself after 2 s. */
export function NewsletterModal({ open, onClose }: NewsletterModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title="La lettre de la Bande"
      description="Les prochaines lectures, les créations et les coulisses : quelques nouvelles par saison, jamais plus."
    >
      <NewsletterForm onDone={onClose} />
    </Modal>
  );
}

type Status = 'idle' | 'submitting' | 'success';

function NewsletterForm({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const done = useEffectEvent(() => onDone());

  useEffect(() => {
    if (status !== 'success') return;
    const timer = window.setTimeout(() => done(), TIMINGS.newsletterCloseMs);
    return () => window.clearTimeout(timer);
  }, [status]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitError(null);
    if (!isEmail(email)) {
      setFieldError(texts.validation.emailInvalid);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setStatus('submitting');
    try {
      await apiSend('POST', '/api/newsletter/subscribe', { email: email.trim(), ...honeypotValue(formRef.current) });
      setStatus('success');
    } catch (error) {
      setSubmitError(submitErrorMessage(error, texts.errors.newsletterFailed, texts.errors.generic));
      setStatus('idle');
    }
  }

  if (status === 'success') {
    return <Alert tone="success">{texts.success.newsletterSubscribed}</Alert>;
  }

  const submitting = status === 'submitting';
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className={styles.form}>
      <FormField
        ref={inputRef}
        label="Votre adresse email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="prenom.nom@exemple.fr"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldError}
        disabled={submitting}
      />
      <HoneypotField />
      {submitError ? <Alert tone="error">{submitError}</Alert> : null}
      <Button type="submit" block disabled={submitting}>
        {submitting ? texts.submitting.subscribing : "S'inscrire"}
      </Button>
      <p className={styles.note}>Un lien de confirmation vous sera envoyé par email. Un lien de désinscription figure dans chaque lettre.</p>
    </form>
  );
}
