import type { FastifyReply, FastifyRequest } from 'fastify';
import { isHoneypotFilled, reservationTexts } from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import { minutes } from '../../lib/clock.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { incrementBuckets, type rateLimit } from '../../plugins/rate-limit.ts';

/**
 * Bookings are limited twice (docs/security.md), both counted in the shared rateLimitBuckets table so
 * that every server on one PostgreSQL sees the same counts, every attempt counting (refused ones too),
 * in one statement per attempt (countBookingAttempt):
 * - per client address, with a ceiling high enough for the visitors behind one shared address (a
 *   library's, a school's, a company's: thirty of them booking in a quarter of an hour, some twice);
 * - per e-mail address, low: one visitor's retries, and what a stranger can make one mailbox receive
 *   (a booking with an address that already has a reservation mails its owner the links again).
 * A client hammering the route meets the first with new addresses, the second with the same one.
 */
export const BOOKING_WINDOW_MS = minutes(15);
export const BOOKINGS_PER_CLIENT = 100;
export const BOOKINGS_PER_EMAIL = 5;

/** A per-client limit of the reservation routes (the mailed links' too) whose French 429 says when to try again. */
export function limitSayingWhen(max: number, timeWindow: number, text: (retryMs: number) => string = reservationTexts.tooManyRequests): ReturnType<typeof rateLimit> {
  return { rateLimit: { max, timeWindow, errorResponseBuilder: (_request, context) => tooManyRequests(text(context.ttl)) } };
}

/**
 * The booking route's `preValidation` hook: counts the attempt for the client address and, when the
 * body names one, for the e-mail address, both in one statement (a burst of bookings at an opening
 * makes every round trip count). It runs once the body is parsed but before it is checked, so that a
 * refused body (400) counts too; a robot that filled the hidden field counts for its address only.
 * Past either limit, a French 429 with Retry-After, and the booking goes no further.
 */
export async function countBookingAttempt({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const body = (request.body ?? {}) as { email?: unknown; website?: unknown };
  const email = typeof body.email === 'string' && !isHoneypotFilled({ website: typeof body.website === 'string' ? body.website : undefined }) ? body.email : null;
  const keys = [`reservations:client:${request.ip}`, ...(email === null ? [] : [`reservations:email:${hashToken(email.trim().toLowerCase())}`])];
  const nowMs = clock.now().getTime();
  const [client, perEmail] = await incrementBuckets(db, keys.map((key) => ({ key, windowMs: BOOKING_WINDOW_MS })), nowMs);
  const refuse = (bucket: { resetAt: number }, text: (retryMs: number) => string) => {
    const retryMs = Math.max(0, bucket.resetAt - nowMs);
    reply.header('retry-after', String(Math.ceil(retryMs / 1000)));
    return tooManyRequests(text(retryMs));
  };
  if (client!.count > BOOKINGS_PER_CLIENT) throw refuse(client!, reservationTexts.tooManyFromAddress);
  if (perEmail && perEmail.count > BOOKINGS_PER_EMAIL) throw refuse(perEmail, reservationTexts.tooManyForEmail);
}
