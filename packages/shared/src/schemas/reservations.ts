import { z } from '../zod.ts';
import { texts } from '../texts.ts';
import { emailSchema, requiredText } from './common.ts';
import { HONEYPOT_FIELD } from './forms.ts';
import { MAX_INT4, withoutNul } from './text-guards.ts';
import { frenchTypography as typeset } from '../format/french-typography.ts';
import { WALK_IN_MAX_SEATS, doorApiTexts } from '../door-texts.ts';

/** Bounds of a performance's capacity (issue 23). */
export const CAPACITY_MIN = 1;
export const CAPACITY_MAX = 10_000;
/** Default of the server's RESERVATION_MAX_SEATS: the most seats one booking may ask for. */
export const DEFAULT_RESERVATION_MAX_SEATS = 6;

/**
 * French texts of reservations: the API's answers and the mails' subjects. They sit here rather than
 * in texts.ts because they belong to this feature only (as newsletterTexts does).
 */
export const reservationTexts = {
  capacityInvalid: `La capacité doit être un nombre entier entre ${CAPACITY_MIN} et ${CAPACITY_MAX}`,
  capacityWithBookingLink:
    'Une représentation ne peut pas avoir à la fois une capacité (réservation sur le site) et un lien de réservation externe : retirez l’un des deux',
  seatsInvalid: (max: number) => `Le nombre de places doit être compris entre 1 et ${max}`,
  /** A booking refused for want of seats: how many are left, and what to ask instead. */
  remaining: (n: number) =>
    typeset(
      n === 0
        ? 'Il ne reste plus de place pour cette représentation : inscrivez-vous sur la liste d’attente.'
        : n === 1
          ? 'Il ne reste qu’une place pour cette représentation : réservez-en une seule, ou inscrivez-vous sur la liste d’attente.'
          : `Il ne reste que ${n} places pour cette représentation : réservez-en ${n} au plus, ou inscrivez-vous sur la liste d’attente.`,
    ),
  notOpen: typeset('Cette représentation ne prend pas de réservation sur le site (ou elle a déjà commencé).'),
  confirmClosed: typeset('Cette représentation a commencé ou n’est plus proposée : la réservation ne peut plus être confirmée.'),
  /** A 429 of the booking routes: who is limited, and when to try again (the Retry-After in words). */
  tooManyFromAddress: (retryMs: number) => typeset(`Trop de demandes de réservation depuis votre connexion. ${retryIn(retryMs)}`),
  tooManyRequests: (retryMs: number) => typeset(`Trop de demandes depuis votre connexion. ${retryIn(retryMs)}`),
  tooManyForEmail: (retryMs: number) => typeset(`Trop de demandes pour cette adresse e-mail. ${retryIn(retryMs)}`),
  nameInvalid: typeset('Un nom ne peut contenir ni retour à la ligne, ni caractère de contrôle, ni lien.'),
  performanceDeletedWithReservations: (dates: string) =>
    `Impossible de supprimer une représentation qui a des réservations en cours (${dates}) : annulez-les d’abord dans l’onglet Réservations.`,
  showDeletedWithReservations: 'Ce spectacle a des réservations en cours : annulez-les d’abord dans l’onglet Réservations.',
  capacityBelowHeld: (date: string, held: number) =>
    `La capacité de la représentation du ${date} ne peut pas descendre sous les ${held} places déjà réservées.`,
  tokenInvalid: 'Ce lien de réservation n’est pas valide ou a expiré.',
  notPending: 'Cette réservation n’attend plus de confirmation (elle est déjà confirmée, annulée ou expirée).',
  notOffered: 'Cette proposition de places n’est plus valable (elle a expiré ou a déjà été utilisée).',
  notCancellable: 'Cette réservation ne peut plus être annulée (elle est déjà annulée, expirée, ou la représentation a commencé).',
  reservationNotFound: 'Réservation introuvable',
  notCheckable: 'Cette réservation est annulée, expirée ou en liste d’attente : elle ne peut pas être pointée.',
  pendingMessage: typeset('Votre demande est enregistrée : confirmez-la avec le lien que nous venons de vous envoyer par e-mail.'),
  waitingMessage: typeset('Vous êtes sur la liste d’attente : nous vous écrirons si des places se libèrent.'),
  confirmMailSubject: 'Confirmez votre réservation',
  confirmedMailSubject: 'Réservation confirmée',
  offerMailSubject: 'Des places se sont libérées pour vous',
  reminderMailSubject: typeset('Rappel : votre réservation'),
  waitingMailSubject: 'Vous êtes sur la liste d’attente',
  staffPastCapacity: (n: number) => `Impossible : il ne reste que ${n} place${n > 1 ? 's' : ''} pour cette représentation.`,
} as const;

/** « Réessayez dans 4 minutes. »: a wait in whole minutes, rounded up (never « 0 minute »). */
export function retryIn(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`;
}

export { reservationUrl, takesReservations } from '../reservation-links.ts';

export const capacitySchema = z
  .number({ error: reservationTexts.capacityInvalid })
  .int(reservationTexts.capacityInvalid)
  .min(CAPACITY_MIN, reservationTexts.capacityInvalid)
  .max(CAPACITY_MAX, reservationTexts.capacityInvalid);

export const availabilitySchema = z.object({
  capacity: z.number().nullable(),
  /** Seats one can still book; null when the performance takes no reservations. */
  remaining: z.number().nullable(),
  /** Bookable now: takes reservations and has not started. */
  open: z.boolean(),
  /** Parties on the waiting list. */
  waitingList: z.number(),
  /** The most seats one booking may ask for (RESERVATION_MAX_SEATS). */
  maxSeats: z.number(),
});
export type Availability = z.infer<typeof availabilitySchema>;

/**
 * A name goes into mails sent to an address the visitor chose (« Bonjour Camille, »): no control
 * character (a CR or LF would start a line of its own, a NUL fails in PostgreSQL) and nothing a mail
 * reader turns into a link. Plain tests, no regular expression: nothing to backtrack.
 */
const LINK_MARKS = ['://', 'www.', '@'];
const LINK_ENDINGS = ['.com', '.net', '.org', '.fr', '.io', '.info', '.biz', '.ru', '.xyz', '.top', '.ly', '.me', '.co', '.link', '.site', '.online'];
export function isPlainName(value: string): boolean {
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f))) return false;
  const lower = value.toLowerCase();
  if (LINK_MARKS.some((mark) => lower.includes(mark))) return false;
  // « exemple.com », « exemple.fr/x »: a domain ending followed by nothing, a space, a slash or a dot.
  return !LINK_ENDINGS.some((ending) => {
    for (let at = lower.indexOf(ending); at !== -1; at = lower.indexOf(ending, at + 1)) {
      const next = lower[at + ending.length];
      if (at > 0 && (next === undefined || next === ' ' || next === '/' || next === '.')) return true;
    }
    return false;
  });
}
const nameSchema = withoutNul(requiredText(100)).refine(isPlainName, reservationTexts.nameInvalid);
const phoneSchema = z
  .string()
  .trim()
  .max(30)
  .regex(/^[+()\d\s.-]*$/, 'Veuillez entrer un numéro de téléphone valide')
  .nullish()
  .transform((value) => value || null);
/** A visitor's address becomes a mail recipient: no control character. */
const reservationEmailSchema = emailSchema.refine((value) => ![...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f), texts.validation.emailInvalid);
/** Seats are bounded again by the server's RESERVATION_MAX_SEATS (a French 400). */
const seatsSchema = z.number({ error: reservationTexts.seatsInvalid(DEFAULT_RESERVATION_MAX_SEATS) }).int(reservationTexts.seatsInvalid(DEFAULT_RESERVATION_MAX_SEATS)).min(1, reservationTexts.seatsInvalid(DEFAULT_RESERVATION_MAX_SEATS)).max(MAX_INT4);

export const reservationRequestSchema = z.object({
  performanceId: z.number({ error: 'Représentation introuvable' }).int().positive().max(MAX_INT4),
  firstName: nameSchema,
  lastName: nameSchema,
  email: reservationEmailSchema,
  phone: phoneSchema,
  seats: seatsSchema,
  /** When too few seats remain: join the waiting list instead of a refusal. */
  waitingList: z.boolean().optional(),
  [HONEYPOT_FIELD]: z.string().max(2000).optional(),
});
export type ReservationRequest = z.input<typeof reservationRequestSchema>;

export const reservationCreatedSchema = z.object({ message: z.string(), status: z.enum(['pending', 'waiting']) });

export const reservationTokenSchema = z.object({ token: z.string({ error: reservationTexts.tokenInvalid }).trim().min(1, reservationTexts.tokenInvalid).max(200, reservationTexts.tokenInvalid) });

export const RESERVATION_STATUSES = ['pending', 'confirmed', 'waiting', 'offered', 'cancelled', 'expired'] as const;
export const reservationStatusSchema = z.enum(RESERVATION_STATUSES);
export type ReservationStatus = z.infer<typeof reservationStatusSchema>;

/** What a mailed link is about (lookup), and the answer of confirm and claim. */
export const reservationSummarySchema = z.object({
  status: reservationStatusSchema,
  seats: z.number(),
  showName: z.string(),
  date: z.string(),
  venueName: z.string().nullable(),
  address: z.string(),
  offerExpiresAt: z.string().nullable(),
});
export type ReservationSummary = z.infer<typeof reservationSummarySchema>;

/** The answer of confirm and claim: the reservation, and whether this press sent the confirmation mail (not when it was already confirmed). */
export const reservationActionSchema = reservationSummarySchema.extend({ mailSent: z.boolean() });
export type ReservationAction = z.infer<typeof reservationActionSchema>;

export const cancelledSchema = z.object({ status: reservationStatusSchema });

/** A staff list item (GET /api/reservations?performanceId=). */
export const reservationSchema = z.object({
  id: z.number(),
  performanceId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  seats: z.number(),
  status: reservationStatusSchema,
  createdAt: z.string(),
  /** The first tap at the door. */
  checkedInAt: z.string().nullable(),
  /** How many of the seats came in; null while nobody is checked in. */
  checkedInSeats: z.number().nullable(),
  /** 'door': a walk-in (« Ajouter à l'entrée »), no booking. */
  source: z.enum(['public', 'staff', 'door']),
  /** A walk-in recorded while the room was already full. */
  beyondCapacity: z.boolean(),
});
export type Reservation = z.infer<typeof reservationSchema>;

export const staffReservationInputSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  email: reservationEmailSchema.nullish().or(z.literal('').transform(() => null)).transform((value) => value || null),
  phone: phoneSchema,
  seats: seatsSchema,
});
export type StaffReservationInput = z.input<typeof staffReservationInputSchema>;

// The door's texts live apart, without zod: the backoffice's offline queue reads them on every page (issue 37).
export { WALK_IN_MAX_SEATS, doorApiTexts } from '../door-texts.ts';

/** The moment of a tap on the phone (ISO with its offset); bounded by the server against the performance's day. */
const tappedAtSchema = z.iso.datetime({ offset: true, error: doorApiTexts.tappedAtInvalid }).optional();
/** A phone's own id, drawn once and kept on it: tells two phones at one door apart. */
const deviceIdSchema = z.string({ error: texts.api.invalidBody }).regex(/^[\w-]{8,64}$/, texts.api.invalidBody).optional();

/**
 * PUT /api/reservations/:id from the door: checked in or not, how many of the seats came (all when
 * absent), when it was tapped (the server's clock when absent) and which phone tapped it.
 */
export const checkInSchema = z.object({
  checkedIn: z.boolean({ error: 'checkedIn doit être vrai ou faux' }),
  seats: z.number({ error: doorApiTexts.arrivedSeatsNotNumber }).int(doorApiTexts.arrivedSeatsNotNumber).min(1, doorApiTexts.arrivedSeatsNotNumber).max(MAX_INT4).optional(),
  tappedAt: tappedAtSchema,
  deviceId: deviceIdSchema,
});
export type CheckInInput = z.input<typeof checkInSchema>;

/** POST /api/performances/:id/walk-ins: people who came without booking, checked in at once. */
export const walkInInputSchema = z.object({
  /** Drawn by the phone (crypto.randomUUID()): the same nonce sent again records nothing more. */
  nonce: z.string({ error: doorApiTexts.walkInNonceInvalid }).regex(/^[\w-]{8,64}$/, doorApiTexts.walkInNonceInvalid),
  name: withoutNul(z.string().trim().max(100)).optional().transform((value) => value || ''),
  seats: z.number({ error: doorApiTexts.walkInSeatsInvalid }).int(doorApiTexts.walkInSeatsInvalid).min(1, doorApiTexts.walkInSeatsInvalid).max(WALK_IN_MAX_SEATS, doorApiTexts.walkInSeatsInvalid),
  tappedAt: tappedAtSchema,
  deviceId: deviceIdSchema,
});
export type WalkInInput = z.input<typeof walkInInputSchema>;

/**
 * The door's check-in answer. `otherDevice` when another phone had already checked the party in: the
 * moment of that first tap, for « déjà pointé à 20 h 02 sur un autre appareil ».
 */
export const checkInResultSchema = z.object({ data: reservationSchema, otherDevice: z.object({ checkedInAt: z.string() }).optional() });
export type CheckInResult = z.infer<typeof checkInResultSchema>;

export const performanceIdQuerySchema = z.object({ performanceId: z.coerce.number({ error: 'Représentation introuvable' }).int().positive().max(MAX_INT4) });

/** A row of the staff tab: counts are seats, except `waiting`, which counts parties. */
export const reservationPerformanceSchema = z.object({
  performanceId: z.number(),
  showId: z.number(),
  showName: z.string(),
  showSlug: z.string(),
  date: z.string(),
  venueName: z.string().nullable(),
  address: z.string(),
  capacity: z.number(),
  confirmed: z.number(),
  pending: z.number(),
  offered: z.number(),
  waiting: z.number(),
  /** Seats arrived: checked-in seats of the bookings, and the walk-ins. */
  checkedIn: z.number(),
  /** Seats of the walk-ins (people without a booking, in the room); not in `confirmed`. */
  walkIns: z.number(),
  /** Confirmed seats not checked in (before the performance: not arrived yet). */
  noShows: z.number(),
  /** More people recorded in the room than the capacity (« au-delà de la jauge »). */
  beyondCapacity: z.boolean(),
});
export type ReservationPerformance = z.infer<typeof reservationPerformanceSchema>;
