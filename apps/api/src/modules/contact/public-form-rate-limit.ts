import { minutes } from '../../lib/clock.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';

/**
 * Per-IP limit of each public form (newsletter, contact, card request): enough for a visitor who
 * retries, too few for a script filling the database and the association's mailbox.
 */
export const publicFormRateLimit = () => rateLimit(10, minutes(15));
