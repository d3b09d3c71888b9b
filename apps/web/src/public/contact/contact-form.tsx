import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { CONTACT_REQUEST_TYPES, PHONE_REQUIRED_REQUEST_TYPES } from '@bande/shared/constants';
import { texts } from '@bande/shared/texts';
import type { contactInputSchema } from '@bande/shared/schemas/forms';
import { apiSend } from '../../lib/api-client.ts';
import { HoneypotField, honeypotValue } from '../forms/honeypot-field.tsx';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Alert } from '../../components/feedback.tsx';
import { submitErrorMessage } from '../forms/validation.ts';
import styles from './contact-page.module.css';

const FIELDS = ['email', 'requestType', 'phone', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { email: '', requestType: '', phone: '', message: '' };

export const phoneRequiredFor = (requestType: string) => PHONE_REQUIRED_REQUEST_TYPES.includes(requestType);

type ContactSchema = typeof contactInputSchema;
let schemaLoading: Promise<ContactSchema> | undefined;

/**
 * The server's own zod schema (same rules, same French messages), fetched as a separate chunk the first
 * time the visitor touches the form: zod never weighs on the bundle every public page downloads.
 */
export const loadContactSchema = () => (schemaLoading ??= import('@bande/shared/schemas/forms').then((module) => module.contactInputSchema));

/** The schema's first message per field, or the data to send. */
export function validateContact(schema: ContactSchema, values: Values): { errors: Errors; data?: ReturnType<ContactSchema['parse']> } {
  const result = schema.safeParse(values);
  if (result.success) return { errors: {}, data: result.data };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    if (FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  // zod skips the object's phone rule while another field is wrong: show every message at once.
  if (!errors.phone && phoneRequiredFor(values.requestType) && values.phone.trim() === '') {
    errors.phone = texts.validation.phoneRequiredForType;
  }
  return { errors };
}

/** The request type (one of the form's) and the start of the message a link asks for. */
export function presetFrom(search: string): Partial<Values> | undefined {
  const params = new URLSearchParams(search);
  const type = params.get('type') ?? '';
  if (!(CONTACT_REQUEST_TYPES as readonly string[]).includes(type)) return undefined;
  return { requestType: type, ...(params.get('objet') === 'accessibilite' ? { message: texts.contactPresets.accessibility } : {}) };
}

/** Contact form: email, request type, phone (required for the first two types only) and message. */
export function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const schemaRef = useRef<ContactSchema | null>(null);
  const headingId = useId();

  const phoneRequired = phoneRequiredFor(values.requestType);

  // A link may preset the request (the accessibility statement's « signalez-le-nous »: ?type=Autre&objet=accessibilite).
  // Read once hydrated: the page rendered on the server is the same for every address.
  useEffect(() => {
    const preset = presetFrom(window.location.search);
    if (preset) setValues((current) => ({ ...current, ...preset }));
  }, []);

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, messages follow the typing (and the phone rule follows the request type).
    if (attempted && schemaRef.current) setErrors(validateContact(schemaRef.current, next).errors);
  }

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field] ?? null,
    disabled: submitting,
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
  });

  function prepareSchema() {
    if (!schemaRef.current) void loadContactSchema().then((schema) => (schemaRef.current = schema), () => undefined);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitError(null);
    setSubmitting(true);
    try {
      const schema = (schemaRef.current ??= await loadContactSchema());
      setAttempted(true);
      const { errors: found, data } = validateContact(schema, values);
      setErrors(found);
      if (!data) {
        // The fields are enabled again before the first wrong one takes the focus.
        flushSync(() => setSubmitting(false));
        const firstInvalid = FIELDS.find((field) => found[field]);
        formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
        return;
      }
      const answer = await apiSend<{ message?: string; error?: string }>('POST', '/api/contact/send', { ...data, ...honeypotValue(formRef.current) });
      if (typeof answer.error === 'string' && answer.error) {
        setSubmitError(answer.error);
      } else {
        flushSync(() => {
          setSuccessMessage(answer.message || texts.success.contactSent);
          setValues(EMPTY);
          setAttempted(false);
        });
        // The form is gone: the confirmation takes the focus so that keyboard users are not lost.
        successRef.current?.focus();
      }
    } catch (error) {
      setSubmitError(submitErrorMessage(error, texts.errors.contactFailed, texts.errors.sendFailed));
    } finally {
      setSubmitting(false);
    }
  }

  if (successMessage) {
    return (
      <div ref={successRef} tabIndex={-1} className={styles.success}>
        <Alert tone="success">{successMessage}</Alert>
        <p className={styles.successNote}>Une copie de votre demande est conservée par l&apos;association le temps de vous répondre.</p>
        <Button variant="secondary" onClick={() => setSuccessMessage(null)}>
          Écrire un autre message
        </Button>
      </div>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} onFocus={prepareSchema} className={styles.form} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.formTitle}>
        Écrivez-nous
      </h2>
      <p className={styles.formIntro}>
        Les champs marqués d&apos;un <span className={styles.star}>*</span> sont obligatoires.
      </p>
      <FormField label="Email" type="email" inputMode="email" autoComplete="email" maxLength={254} required {...bind('email')} />
      <FormField as="select" label="Type de demande" required {...bind('requestType')}>
        <option value="">Choisir un type</option>
        {CONTACT_REQUEST_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </FormField>
      <FormField
        label={phoneRequired ? 'Téléphone' : 'Téléphone (facultatif)'}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={30}
        required={phoneRequired}
        hint={phoneRequired ? 'Indispensable pour ce type de demande : nous vous rappelons pour en parler.' : 'Utile si vous préférez être rappelé.'}
        {...bind('phone')}
      />
      <FormField as="textarea" label="Message" rows={6} maxLength={5000} required {...bind('message')} />
      <HoneypotField />
      {submitError ? <Alert tone="error">{submitError}</Alert> : null}
      <div className={styles.actions}>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? texts.submitting.sending : 'Envoyer le message'}
        </Button>
      </div>
    </form>
  );
}
