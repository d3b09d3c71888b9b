import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { bookingTexts } from '@bande/shared/booking-texts';
import { texts } from '@bande/shared/texts';
import { z } from '@bande/shared/zod';
import { reservationRequestSchema } from '@bande/shared/schemas/reservations';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { apiSend } from '../../lib/api-client.ts';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Alert, Loading } from '../../components/feedback.tsx';
import { HoneypotField, honeypotValue } from '../forms/honeypot-field.tsx';
import { submitErrorMessage } from '../forms/validation.ts';
import { siteInfoQuery } from '../../lib/site-info.ts';
import { refreshAvailability, useAvailability } from './availability.queries.ts';
import formLayout from '../forms/form-layout.module.css';
import styles from './reservation-form.module.css';

const shape = reservationRequestSchema.shape;

/**
 * The server's own rules and messages (shared schema) on the form's fields; a blank e-mail reads as
 * the other missing fields do, and the seats (a <select>, hence a text) are bounded by the server's
 * RESERVATION_MAX_SEATS, read from the availability answer.
 */
function reservationFormSchema(maxSeats: number) {
  const seatsRange = bookingTexts.seatsRange(maxSeats);
  return z.object({
    firstName: shape.firstName,
    lastName: shape.lastName,
    email: z.string().trim().min(1, texts.validation.required).pipe(shape.email),
    phone: shape.phone,
    seats: z
      .string()
      .transform(Number)
      .pipe(z.number({ error: seatsRange }).int(seatsRange).min(1, seatsRange).max(maxSeats, seatsRange)),
  });
}

/** The 201 answer; its own message is generic, the dialog says where the mail goes and how long it holds. */
interface Answer {
  status: 'pending' | 'waiting';
}

/** Loads the performance's availability, then shows the form (or why it cannot be used). */
export function ReservationForm({ performanceId }: { performanceId: number }) {
  const availability = useAvailability(performanceId);
  if (availability.isPending) return <Loading label={bookingTexts.availabilityLoading} />;
  if (availability.isError) {
    return (
      <div className={formLayout.form}>
        <Alert tone="error">{bookingTexts.availabilityFailed}</Alert>
        <Button variant="secondary" onClick={() => void availability.refetch()}>
          Réessayer
        </Button>
      </div>
    );
  }
  const { remaining, open, maxSeats } = availability.data;
  const full = remaining !== null && remaining <= 0;
  // A performance that has started, or no longer takes reservations, and is not merely full.
  if (!open && !full) return <Alert tone="error">{bookingTexts.closedNotice}</Alert>;
  return <BookingForm performanceId={performanceId} remaining={remaining} full={full} maxSeats={maxSeats} />;
}

interface BookingFormProps {
  performanceId: number;
  remaining: number | null;
  full: boolean;
  maxSeats: number;
}

function BookingForm({ performanceId, remaining, full, maxSeats }: BookingFormProps) {
  const queryClient = useQueryClient();
  const schema = useMemo(() => reservationFormSchema(maxSeats), [maxSeats]);
  const {
    register,
    handleSubmit,
    watch,
    setFocus,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, { defaultValues: { firstName: '', lastName: '', email: '', phone: '', seats: '1' } });
  // The dialog opened on its loading state (the seats left are read first): the focus goes to the first field once it is there.
  useEffect(() => setFocus('firstName'), [setFocus]);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [done, setDone] = useState<{ answer: Answer; email: string; body: Record<string, unknown> } | null>(null);
  // Disabled while the request is under way, not while the form is only checked (focus goes to a wrong field).
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const seats = Number(watch('seats'));
  // Fewer seats left than asked (known before sending, or learnt from the server's 409): « Réserver » is
  // disabled, fewer seats are suggested and the waiting list is offered.
  const tooFew = !full && remaining !== null && remaining < seats;

  const send = (waitingList: boolean) =>
    handleSubmit(
      async (values) => {
        setSubmitError(null);
        setSending(true);
        const body = {
          performanceId,
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email,
          ...(values.phone ? { phone: values.phone } : {}),
          seats: values.seats,
          ...(waitingList ? { waitingList: true } : {}),
          ...honeypotValue(formRef.current),
        };
        try {
          const answer = await apiSend<Answer>('POST', '/api/reservations', body);
          setDone({ answer, email: values.email, body });
        } catch (error) {
          setSubmitError(submitErrorMessage(error, bookingTexts.failed, texts.errors.generic));
        } finally {
          setSending(false);
          // The seats left changed (ours, or someone else's): the dialog and the list read them again,
          // from the server (the browser's 5-second copy predates this booking).
          void refreshAvailability(queryClient, performanceId).catch(() => undefined);
        }
      },
      () => setSubmitError(null),
    );

  if (done) {
    // The hold's length is the server's setting, read with every public page (GET /api/site): no request of its own.
    const holdMinutes = queryClient.getQueryData(siteInfoQuery().queryKey)?.reservationHoldMinutes;
    const seatsAsked = Number(done.body.seats);
    const text = done.answer.status === 'waiting' ? bookingTexts.waitingDone(done.email, seatsAsked) : bookingTexts.pendingDone(done.email, holdMinutes, seatsAsked);
    return <Done text={text} email={done.email} body={done.body} />;
  }

  const bind = (field: 'firstName' | 'lastName' | 'email' | 'phone') => ({
    ...register(field),
    error: errors[field]?.message ?? null,
    disabled: sending,
  });

  return (
    <form ref={formRef} noValidate onSubmit={send(full)} className={formLayout.form}>
      {full ? <p className={styles.notice}>{bookingTexts.fullNotice}</p> : remaining !== null ? <p className={styles.left}>{bookingTexts.seatsLeft(remaining)}</p> : null}
      <div className={formLayout.row}>
        <FormField label={bookingTexts.firstName} autoComplete="given-name" required {...bind('firstName')} />
        <FormField label={bookingTexts.lastName} autoComplete="family-name" required {...bind('lastName')} />
      </div>
      <FormField label={bookingTexts.email} type="email" inputMode="email" autoComplete="email" required {...bind('email')} />
      <div className={formLayout.row}>
        <FormField label={bookingTexts.phone} type="tel" inputMode="tel" autoComplete="tel" {...bind('phone')} />
        <FormField as="select" label={bookingTexts.seats} required {...register('seats')} error={errors.seats?.message ?? null} disabled={sending}>
          {Array.from({ length: maxSeats }, (_, index) => (
            <option key={index + 1} value={String(index + 1)}>
              {index + 1}
            </option>
          ))}
        </FormField>
      </div>
      <HoneypotField />
      {submitError ? <Alert tone="error">{submitError}</Alert> : null}
      {tooFew ? (
        <p className={styles.notice} id={`too-few-${performanceId}`}>
          {bookingTexts.tooFewNotice(remaining ?? 0, seats)}
        </p>
      ) : null}
      {full || tooFew ? <p className={styles.note}>{bookingTexts.waitingRule}</p> : null}
      <div className={styles.actions}>
        {full ? null : (
          <Button type="submit" block disabled={isSubmitting || tooFew} aria-describedby={tooFew ? `too-few-${performanceId}` : undefined}>
            {isSubmitting ? bookingTexts.submitting : bookingTexts.submit}
          </Button>
        )}
        {full || tooFew ? (
          <Button type={full ? 'submit' : 'button'} variant={full ? 'primary' : 'secondary'} block disabled={isSubmitting} onClick={full ? undefined : send(true)}>
            {bookingTexts.joinWaitingList}
          </Button>
        ) : null}
      </div>
      {full ? null : <p className={styles.note}>{bookingTexts.mailNote}</p>}
    </form>
  );
}

/**
 * The answer, in place of the form: the focus (on the button just gone) is put on it, inside the dialog.
 * A lost mail can be sent again: the same request once more, which the server answers as a booking and
 * by mailing the reservation's links to the address (limited per e-mail address: its 429 says when).
 */
function Done({ text, email, body }: { text: string; email: string; body: Record<string, unknown> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  async function resend() {
    setResending(true);
    setResent(null);
    try {
      await apiSend('POST', '/api/reservations', body);
      setResent({ tone: 'success', text: bookingTexts.resent(email) });
    } catch (error) {
      setResent({ tone: 'error', text: submitErrorMessage(error, bookingTexts.failed, texts.errors.generic) });
    } finally {
      setResending(false);
    }
  }
  return (
    <div ref={ref} tabIndex={-1} className={styles.done}>
      <Alert tone="success">{text}</Alert>
      <p className={styles.note}>{bookingTexts.noMail}</p>
      {resent ? <Alert tone={resent.tone}>{resent.text}</Alert> : null}
      <Button variant="secondary" onClick={() => void resend()} disabled={resending}>
        {resending ? bookingTexts.resending : bookingTexts.resend}
      </Button>
    </div>
  );
}
