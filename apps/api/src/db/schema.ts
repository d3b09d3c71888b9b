import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Role } from '@bande/shared';

/**
 * Tables as Kysely sees them (camelCase; CamelCasePlugin maps to snake_case columns).
 * Booleans are integers 0/1 and timestamps ISO 8601 text in both SQLite and PostgreSQL, so that one
 * query code base answers the same on both. Repositories turn them back into booleans.
 */
export interface Database {
  adminUsers: AdminUsersTable;
  adminSessions: AdminSessionsTable;
  oneTimeCodes: OneTimeCodesTable;
  rateLimitBuckets: RateLimitBucketsTable;
  members: MembersTable;
  venues: VenuesTable;
  shows: ShowsTable;
  performances: PerformancesTable;
  credits: CreditsTable;
  creditMembers: CreditMembersTable;
  partners: PartnersTable;
  galleryItems: GalleryItemsTable;
  originCategories: OriginCategoriesTable;
  originEvents: OriginEventsTable;
  cardConfig: CardConfigTable;
  legalSettings: LegalSettingsTable;
  newsletterSubscriptions: NewsletterSubscriptionsTable;
  newsletterSuppressions: NewsletterSuppressionsTable;
  contactMessages: ContactMessagesTable;
  cardRequests: CardRequestsTable;
  imageVariants: ImageVariantsTable;
  contentVersion: ContentVersionTable;
  mailQueue: MailQueueTable;
  auditLog: AuditLogTable;
  previewSigningKey: PreviewSigningKeyTable;
  revisions: RevisionsTable;
  adminTotp: AdminTotpTable;
  adminRecoveryCodes: AdminRecoveryCodesTable;
  adminPasskeys: AdminPasskeysTable;
  passkeyChallenges: PasskeyChallengesTable;
  reservations: ReservationsTable;
  siteContent: SiteContentTable;
  campaigns: CampaignsTable;
  campaignRecipients: CampaignRecipientsTable;
  bounceEvents: BounceEventsTable;
  audienceCounts: AudienceCountsTable;
  audienceVisitors: AudienceVisitorsTable;
  audienceDays: AudienceDaysTable;
  audienceKeys: AudienceKeysTable;
}

type Flag = number; // 0 or 1

interface Timestamps {
  createdAt: string;
  updatedAt: string;
}

/** Scheduled publishing (migration 011): ISO instants, null when nothing is planned; cleared once fired. */
interface Schedule {
  publishAt: Generated<string | null>;
  unpublishAt: Generated<string | null>;
}

export interface AdminUsersTable extends Timestamps {
  id: Generated<number>;
  email: string;
  passwordHash: string;
  failedAttempts: Generated<number>;
  lockedUntil: string | null;
  /** What the account may do (migration 017): 'admin' | 'editor' | 'secretary'. */
  role: Generated<Role>;
}

export interface AdminSessionsTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  expiresAt: string;
  createdAt: string;
}

export interface OneTimeCodesTable {
  id: Generated<number>;
  userId: number;
  /** 'invite': the code of a new staff account's invitation, used like a reset code. */
  purpose: 'unlock' | 'reset' | 'invite';
  codeHash: string;
  expiresAt: string;
  attempts: Generated<number>;
  usedAt: string | null;
  createdAt: string;
  /**
   * SHA-256 of the key held by whoever asked for the code (a reset's browser cookie, an invitation
   * mail's link; null for an unlock code, bound to the account's password instead): see codes.service.ts.
   */
  requesterHash: string | null;
}

export interface RateLimitBucketsTable {
  key: string;
  count: number;
  /** Epoch milliseconds at which the window ends. */
  resetAt: number;
}

export interface MembersTable extends Timestamps, Schedule {
  id: Generated<number>;
  documentId: string;
  firstName: string;
  lastName: string;
  role: string;
  note: string | null;
  photo: string | null;
  published: Flag;
  publishedAt: string | null;
}

export interface VenuesTable extends Timestamps {
  id: Generated<number>;
  name: string;
  address: string;
  /** What a new performance named after this venue takes as its capacity (migration 014). */
  defaultCapacity: Generated<number | null>;
}

export interface ShowsTable extends Timestamps, Schedule {
  id: Generated<number>;
  slug: string;
  name: string;
  type: string;
  pitch: string;
  quote: string | null;
  note: string;
  remerciement: string | null;
  year: string;
  photo: string | null;
  isFeatured: Flag;
  published: Flag;
  publishedAt: string | null;
  /** JSON text of { name, type, description, note, photo } or null. */
  book: string | null;
  /** JSON text of { name, date, description, photo } or null. */
  author: string | null;
}

export interface PerformancesTable {
  id: Generated<number>;
  showId: number;
  date: string;
  address: string;
  venueName: string | null;
  bookingLink: string | null;
  /** Seats bookable on the site (migration 014); null: no reservations here. */
  capacity: Generated<number | null>;
  /** 1 while no seat is left (migration 014, kept by modules/reservations/booking.ts). */
  soldOut: Generated<number>;
  /** Seats held (pending, confirmed, offered), kept by triggers on reservations (migration 031). */
  heldSeats: Generated<number>;
  /** The most parties ever waiting at once, kept by a trigger on reservations (migration 032). */
  waitingPeak: Generated<number>;
}

export interface CreditsTable {
  id: Generated<number>;
  showId: number;
  category: string;
  position: number;
}

export interface CreditMembersTable {
  id: Generated<number>;
  creditId: number;
  memberId: number;
  role: string | null;
  position: number;
}

export interface PartnersTable extends Timestamps, Schedule {
  id: Generated<number>;
  title: string;
  description: string;
  logo: string | null;
  link: string | null;
  published: Flag;
}

export interface GalleryItemsTable extends Timestamps, Schedule {
  id: Generated<number>;
  type: 'photo' | 'video' | 'youtube';
  url: string;
  thumbnail: string | null;
  title: string | null;
  description: string | null;
  published: Flag;
  position: number;
}

export interface OriginCategoriesTable extends Timestamps, Schedule {
  id: Generated<number>;
  title: string;
  description: string | null;
  position: number;
  published: Flag;
}

export interface OriginEventsTable extends Timestamps, Schedule {
  id: Generated<number>;
  categoryId: number;
  title: string;
  date: string;
  description: string;
  published: Flag;
}

export interface CardConfigTable {
  id: number;
  isEnabled: Flag;
  sectionTitle: string;
  sectionDescription: string;
  buttonText: string;
  modalTitle: string;
  modalDescription: string;
  modalButtonText: string;
  updatedAt: string;
}

export interface LegalSettingsTable {
  id: number;
  publisherName: string;
  publisherAddress: string;
  publicationDirector: string;
  publisherContact: string;
  hostName: string;
  hostAddress: string;
  hostPhone: string;
  updatedAt: string;
}

export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  email: string;
  createdAt: string;
  /** Null until the owner opened the confirmation link (double opt-in). */
  confirmedAt: string | null;
  /** SHA-256 of the confirmation link's token; null once confirmed. */
  confirmTokenHash: string | null;
  /** SHA-256 of the unsubscribe link's token (null for addresses from before migration 007). */
  unsubscribeTokenHash: string | null;
  /** Set when an SMTP server refused a campaign copy for good (5xx); cleared by a new confirmation. */
  bouncedAt: Generated<string | null>;
}

/** The opposition list (migration 028): SHA-256 of addresses that left, which the staff cannot add again. */
export interface NewsletterSuppressionsTable {
  emailHash: string;
  createdAt: string;
}

export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled' | 'failed';

/** Newsletter campaigns (migration 018). */
export interface CampaignsTable {
  id: Generated<number>;
  subject: string;
  body: string;
  includeUpcoming: Flag;
  status: CampaignStatus;
  sendAt: string | null;
  html: string | null;
  text: string | null;
  /** JSON of the upcoming performances shown in the letter as sent. */
  upcoming: string | null;
  slug: string | null;
  startedAt: string | null;
  sentAt: string | null;
  /** Why the letter could not be rendered when its send started (migration 025), in French. */
  failureReason: string | null;
  /** 'thanks': a performance's « Remercier les spectateurs », never in « Lettres » (migration 027). */
  kind: Generated<'newsletter' | 'thanks'>;
  /** The performance a thank-you is for, unique (migration 027). */
  performanceId: Generated<number | null>;
  createdAt: string;
  updatedAt: string;
}

/**
 * One row per recipient of a campaign, frozen when the sending starts. An erased or unsubscribed
 * subscriber's rows keep only their status (the counts): subscriberId, email, lastError and the link's
 * hash become null (migration 019).
 */
export interface CampaignRecipientsTable {
  id: Generated<number>;
  campaignId: number;
  subscriberId: number | null;
  email: string | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  nextAttemptAt: string;
  claimedUntil: string | null;
  sentAt: string | null;
  lastError: string | null;
  unsubscribeToken: string | null;
  unsubscribeTokenHash: string | null;
  /** SMTP reply code of the last failure: 5xx refused for good, 4xx or null temporary (migration 019). */
  errorCode: Generated<number | null>;
  /** A thank-you's row: the reservation of the people who came (migration 027); null for a newsletter's. */
  reservationId: Generated<number | null>;
  /** Set on an erased reader's copies when they unsubscribed themselves (migration 028): the letter's 7-day count. */
  unsubscribedAt: Generated<string | null>;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  email: string;
  requestType: string;
  message: string;
  phone: string | null;
  createdAt: string;
  /** 'new' until staff mark it handled in the inbox (migration 006). */
  status: Generated<'new' | 'done'>;
  handledAt: Generated<string | null>;
}

export interface CardRequestsTable {
  id: Generated<number>;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  createdAt: string;
  /** 'new' until staff mark it handled in the inbox (migration 006). */
  status: Generated<'new' | 'done'>;
  handledAt: Generated<string | null>;
}

export interface ImageVariantsTable {
  /** Public url of the original upload, e.g. /uploads/2026/11/abc.jpg. */
  url: string;
  width: number;
  height: number;
  /** JSON text of [{ url, width, type }]. */
  variants: string;
  createdAt: string;
}

/** A single row (id 1): incremented by every admin write, read by the public response cache. */
export interface ContentVersionTable {
  id: number;
  version: number;
}

/** Outgoing mails, sent after the answer by the mail worker (plugins/mail-queue.ts). */
export interface MailQueueTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  /** The text; null once sent or abandoned, so that codes do not stay in the database. */
  body: string | null;
  replyTo: string | null;
  /** Extra mail headers (List-Unsubscribe...) as a JSON object, or null. */
  headers: string | null;
  /** JSON array of { filename, contentType, content } (migration 014), or null; erased with the body. */
  attachments: Generated<string | null>;
  attempts: Generated<number>;
  nextAttemptAt: string;
  /** A worker holds the row until then; after it (a crashed server), another may take it. */
  claimedUntil: string | null;
  sentAt: string | null;
  /** Set when the worker gave up after MAIL_RETRY_DELAYS_MS.length + 1 attempts. */
  failedAt: string | null;
  lastError: string | null;
  createdAt: string;
}

export type MemberRow = Selectable<MembersTable>;
export type NewMemberRow = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;

/** The activity log (migration 009): admin writes, logins, failed logins, lockouts. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** The admin's address, or the one a login attempt gave; null when none is known. */
  userEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  detail: string | null;
  ip: string | null;
}

/** The key of draft-preview links (migration 013): one row (id 1), written on first use. */
export interface PreviewSigningKeyTable {
  id: number;
  /** 32 random bytes, base64url. */
  key: string;
  createdAt: string;
}

/** History with restore (migration 010): the whole entity after each change, as JSON text. */
export interface RevisionsTable {
  id: Generated<number>;
  at: string;
  userEmail: string | null;
  /** One of REVISION_ENTITIES ('show', 'origin-event', 'card-config'...). */
  entity: string;
  entityId: number;
  /** One of REVISION_ACTIONS. */
  action: string;
  snapshot: string;
}

/** Two-factor login of an account (migration 012); enabledAt null while a setup awaits its first code. */
export interface AdminTotpTable {
  userId: number;
  /** The base32 secret, sealed by modules/auth/totp-secret.ts ('v1:…' encrypted, 'plain:…' without a key). */
  secret: string;
  enabledAt: string | null;
  /** The last 30-second step whose code was accepted: a code of that step or an earlier one is refused. */
  lastStep: number | null;
  createdAt: string;
}

export interface AdminRecoveryCodesTable {
  id: Generated<number>;
  userId: number;
  /** SHA-256 (hex) of the normalized code. */
  codeHash: string;
  usedAt: string | null;
  createdAt: string;
}

/** A passkey (WebAuthn credential) of an account (migration 016). */
export interface AdminPasskeysTable {
  id: Generated<number>;
  userId: number;
  /** base64url of the raw credential id. */
  credentialId: string;
  /** base64url of the COSE public key. */
  publicKey: string;
  /** The last signature counter accepted (0 for authenticators that keep none). */
  counter: number;
  /** JSON array of the authenticator's transports ('internal', 'usb', 'hybrid'...). */
  transports: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A WebAuthn challenge handed out and not yet used (migration 016). */
export interface PasskeyChallengesTable {
  challenge: string;
  ceremony: 'registration' | 'authentication';
  userId: number | null;
  sessionId: number | null;
  expiresAt: string;
  createdAt: string;
}

export type ReservationStatusValue = 'pending' | 'confirmed' | 'waiting' | 'offered' | 'cancelled' | 'expired';

/** Reservations of performances (migration 014); see the migration for the life of a row. */
export interface ReservationsTable {
  id: Generated<number>;
  performanceId: number;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  seats: number;
  status: ReservationStatusValue;
  /** SHA-256 of the token mailed in the links (lib/token-hash.ts). */
  tokenHash: string;
  /** The hash of the token before the last one mailed (see migration 014). */
  secondTokenHash: string | null;
  holdExpiresAt: string | null;
  offerExpiresAt: string | null;
  /** When the waiting list first offered this row seats (migration 032). */
  offeredAt: Generated<string | null>;
  /** When that offer was confirmed (migration 032). */
  offerTakenAt: Generated<string | null>;
  reminderSentAt: string | null;
  /** The moment of the first tap at the door (the phone's clock, bounded; migration 021). */
  checkedInAt: string | null;
  /** How many of the seats came in; null while nobody is checked in (migration 021). */
  checkedInSeats: Generated<number | null>;
  /** The phone that checked the party in first (migration 021). */
  checkedInBy: Generated<string | null>;
  /** A walk-in's id given by the phone that recorded it: a replay records nothing more (migration 021). */
  clientNonce: Generated<string | null>;
  /** 1 when a walk-in was recorded beyond the capacity (migration 021). */
  beyondCapacity: Generated<Flag>;
  /** When the retention rule erased the names, address and phone. */
  erasedAt: string | null;
  /** 'door': a walk-in recorded at the door (« Ajouter à l’entrée »), checked in at once. */
  source: 'public' | 'staff' | 'door';
  createdAt: string;
  updatedAt: string;
}

/** One row (id 1): the site's texts as one JSON document (see migration 015). */
export interface SiteContentTable {
  id: number;
  content: string;
  updatedAt: string;
}

export type BounceKind = 'hard' | 'soft' | 'complaint' | 'unsubscribe';
export type BounceSource = 'brevo' | 'mailjet' | 'ses' | 'imap';

/** Bounces reported after the send (migration 023); no address in clear (see the migration). */
export interface BounceEventsTable {
  id: Generated<number>;
  source: BounceSource;
  /** SHA-256 of the event's identity at its source: a retried or replayed call counts once. */
  eventKey: string;
  kind: BounceKind;
  /** SHA-256 of the lower-cased address, on soft bounces only, while they count (the window). */
  emailHash: string | null;
  /** The campaign copy the bounce answers, from its Message-ID, when the relay gives it back. */
  campaignId: number | null;
  subscriberId: number | null;
  /** The relay's diagnostic, the address taken out. */
  detail: string | null;
  occurredAt: string;
  receivedAt: string;
}

/** Audience counts (migration 029): views per Paris day and dimension, added to by every server; '' or 0 for an absent dimension. */
export interface AudienceCountsTable {
  id: Generated<number>;
  day: string;
  kind: 'view' | 'booking-dialog';
  path: string;
  referrer: string;
  utmSource: string;
  utmCampaign: string;
  device: 'phone' | 'tablet' | 'computer';
  performanceId: number;
  views: number;
}

/** The day's unique visitors: HMAC(day key, address + user agent + host), dropped once the day is aggregated. */
export interface AudienceVisitorsTable {
  id: Generated<number>;
  day: string;
  hash: string;
}

/** Unique visitors of a day that is over (from audience_visitors), kept 25 months. */
export interface AudienceDaysTable {
  day: string;
  visitors: number;
}

/** The random key of a Paris day's visitor hashes, deleted once the day is over. */
export interface AudienceKeysTable {
  day: string;
  key: string;
}
