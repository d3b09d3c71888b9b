import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { bookingTexts } from '@bande/shared/booking-texts';
import { texts } from '@bande/shared/texts';
import type { ReservationAction, ReservationSummary } from '@bande/shared/schemas/reservations';
import { ApiError, apiSend } from '../../lib/api-client.ts';
import { usePageHead } from '../../app/head/index.ts';
import { useParisDates } from '../../app/dates/paris-dates.tsx';
import { Button } from '../../components/button.tsx';
import { Alert, Loading } from '../../components/feedback.tsx';
import { submitErrorMessage } from '../forms/validation.ts';
import { doneText, LINK_PAGES, linkOffer, statusAfter, type LinkKind } from './link-actions.ts';
import { reservationLookupQuery, useReservationSummary } from './reservation-lookup.queries.ts';
import linkPage from '../../components/link-page.module.css';
import styles from './reservation-link-page.module.css';

/**
 * The page a reservation mail's link opens (/reservation/confirmation, /annulation, /liste-attente):
 * it reads `token` from its query, shows what the link is about (lookup, in the browser) and acts only
 * when the visitor presses its button: mail scanners open links, and must confirm or cancel nothing.
 * The server renders the waiting state (the page reads its query, so no render of it is kept).
 */
export function ReservationLinkPage({ kind }: { kind: LinkKind }) {
  const page = LINK_PAGES[kind];
  usePageHead({ title: page.title, description: page.description, noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  return (
    <section className={linkPage.page} aria-labelledby="reservation-link-title">
      <div className={linkPage.card}>
        <h1 id="reservation-link-title" className={linkPage.title}>
          {page.title}
        </h1>
        {token ? <LinkBody kind={kind} token={token} /> : <Alert tone="error">{bookingTexts.missingToken}</Alert>}
        <div className={styles.links}>
          <Button to="/shows" variant="ghost" size="sm">
            {bookingTexts.seeShows}
          </Button>
          <Button to="/" variant="ghost" size="sm">
            {bookingTexts.backHome}
          </Button>
        </div>
      </div>
    </section>
  );
}

function LinkBody({ kind, token }: { kind: LinkKind; token: string }) {
  const lookup = useReservationSummary(token);
  if (lookup.isPending) return <Loading label={bookingTexts.lookupLoading} />;
  if (lookup.isError) {
    const unknown = lookup.error instanceof ApiError && lookup.error.status === 404;
    return (
      <div className={linkPage.body}>
        <Alert tone="error">{unknown ? bookingTexts.unknownToken : lookupErrorText(lookup.error)}</Alert>
        {unknown ? null : (
          <Button variant="secondary" onClick={() => void lookup.refetch()}>
            Réessayer
          </Button>
        )}
      </div>
    );
  }
  return <LinkAction kind={kind} token={token} reservation={lookup.data} />;
}

const lookupErrorText = (error: unknown) =>
  error instanceof ApiError && typeof error.body.error === 'string' && error.body.error.trim() !== '' ? error.body.error : texts.errors.generic;

function LinkAction({ kind, token, reservation }: { kind: LinkKind; token: string; reservation: ReservationSummary }) {
  const queryClient = useQueryClient();
  const dates = useParisDates();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const offer = linkOffer(kind, reservation.status);

  async function act() {
    setSending(true);
    setFailure(null);
    try {
      const answer = await apiSend<{ data?: Partial<ReservationAction> }>('POST', LINK_PAGES[kind].apiPath, { token });
      setDone(doneText(kind, reservation.status, answer.data?.mailSent !== false));
      queryClient.setQueryData(reservationLookupQuery(token).queryKey, { ...reservation, status: statusAfter(kind) });
    } catch (error) {
      setFailure(submitErrorMessage(error, texts.errors.generic, texts.errors.generic));
      // The link's state may have changed meanwhile (expired, cancelled elsewhere): read it again.
      void queryClient.invalidateQueries({ queryKey: reservationLookupQuery(token).queryKey });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={linkPage.body}>
      <dl className={styles.summary}>
        <div>
          <dt>{bookingTexts.summaryLabels.show}</dt>
          <dd className={styles.show}>{reservation.showName}</dd>
        </div>
        <div>
          <dt>{bookingTexts.summaryLabels.date}</dt>
          <dd className={styles.date}>{dates.performance(reservation.date)}</dd>
        </div>
        <div>
          <dt>{bookingTexts.summaryLabels.venue}</dt>
          <dd>
            {reservation.venueName ?? texts.performances.venueUnknown}
            <br />
            <span className={styles.address}>{reservation.address}</span>
          </dd>
        </div>
        <div>
          <dt>{bookingTexts.summaryLabels.seats}</dt>
          <dd>{bookingTexts.seatsCount(reservation.seats)}</dd>
        </div>
        <div>
          <dt>{bookingTexts.summaryLabels.status}</dt>
          <dd>{bookingTexts.statusLabels[reservation.status]}</dd>
        </div>
      </dl>
      {done ? (
        <Alert tone="success">{done}</Alert>
      ) : offer.kind === 'act' ? (
        <>
          {offer.note ? <p className={styles.note}>{offer.note}</p> : null}
          {kind === 'claim' && reservation.offerExpiresAt ? <p className={styles.note}>{bookingTexts.offerUntil(dates.performance(reservation.offerExpiresAt), reservation.seats)}</p> : null}
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <Button size="lg" variant={kind === 'cancel' ? 'secondary' : 'primary'} onClick={() => void act()} disabled={sending}>
            {sending ? LINK_PAGES[kind].busy : offer.button}
          </Button>
        </>
      ) : offer.tone === 'info' ? (
        <p className={styles.note} role="status">
          {offer.note}
        </p>
      ) : (
        <Alert tone={offer.tone}>{offer.note}</Alert>
      )}
    </div>
  );
}
