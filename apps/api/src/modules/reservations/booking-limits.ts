import type { FastifyReply } from 'fastify';
import { reservationTexts } from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import { minutes } from '../../lib/clock.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { incrementBucket, type rateLimit } from '../../plugins/rate-limit.ts';

/**
 * Bookings are limited twice (docs/security.md), both counted in the shared rateLimitBuckets table so
 * that every server on one PostgreSQL sees the same counts, every attempt counting (refused ones too):
 * - per client address, with a ceiling high enough for the visitors behind one shared address (a
 *   library's, a school's, a company's: thirty of them booking in a quarter of an hour, some twice);
 * - per e-mail address, low: one visitor's retries, and what a stranger can make one mailbox receive
 *   (a booking with an address that already has a reservation mails its owner the links again).
 * A client hammering the route meets the first with new addresses, the second with the same one.
 */
export const BOOKING_WINDOW_MS = minutes(15);
export const BOOKINGS_PER_CLIENT = 100;
export const BOOKINGS_PER_EMAIL = 5;

/** The booking route's per-client limit (@fastify/rate-limit), whose 429 says when to try again (with Retry-After). */
export const bookingRateLimit = () => limitSayingWhen(BOOKINGS_PER_CLIENT, BOOKING_WINDOW_MS, reservationTexts.tooManyFromAddress);

/** A per-client limit of the reservation routes (the mailed links' too) whose French 429 says when to try again. */
export function limitSayingWhen(max: number, timeWindow: number, text: (retryMs: number) => string = reservationTexts.tooManyRequests): ReturnType<typeof rateLimit> {
  return { rateLimit: { max, timeWindow, errorResponseBuilder: (_request, context) => tooManyRequests(text(context.ttl)) } };
}

/** Counts one attempt for this e-mail address (stored hashed); past the limit, a French 429 with Retry-After. */
export async function limitPerEmail({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, reply: FastifyReply, email: string): Promise<void> {
  const nowMs = clock.now().getTime();
  const bucket = await incrementBucket(db, `reservations:email:${hashToken(email.trim().toLowerCase())}`, BOOKING_WINDOW_MS, nowMs);
  if (bucket.count <= BOOKINGS_PER_EMAIL) return;
  const retryMs = Math.max(0, Number(bucket.resetAt) - nowMs);
  reply.header('retry-after', String(Math.ceil(retryMs / 1000)));
  throw tooManyRequests(reservationTexts.tooManyForEmail(retryMs));
}
