/** Business constants of spec section 9, named once. */

/**
 * The spec's "simple address pattern", for the server's schemas and the browser's forms alike. Here,
 * in a module without zod, so that the public pages can check an address without downloading zod.
 */
// The domain as dot-separated labels: one way to split it, so no backtracking on « a@b.b.b…b » (issue 33).
export const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]+$/;

export const SHOW_TYPES = ['Pépite', 'Grand format', 'Brigade de mots', 'Lecture de poche'] as const;
export type ShowType = (typeof SHOW_TYPES)[number];

export const CONTACT_REQUEST_TYPES = ['Spectacle sur mesure', 'Intervention culturelle', "Demande d'information", 'Autre'] as const;
/** Request types for which a phone number is required. */
export const PHONE_REQUIRED_REQUEST_TYPES: readonly string[] = ['Spectacle sur mesure', 'Intervention culturelle'];

export const GALLERY_TYPES = ['photo', 'video', 'youtube'] as const;

export const LIMITS = {
  memberNoteMax: 300,
  maxCreditCategories: 6,
  yearMin: 1000,
  yearMax: 3000,
  passwordMin: 6,
  codeLength: 6,
  cardTextMax: 150,
  partnerDescriptionMax: 30,
  imageUploadBytes: 15 * 1024 * 1024,
  videoUploadBytes: 150 * 1024 * 1024,
} as const;

export const AUTH = {
  maxFailedAttempts: 5,
  lockMinutes: 15,
  unlockCodeMinutes: 5,
  resetCodeMinutes: 10,
  /** An invitation code (new staff account) lasts this many days. */
  inviteCodeDays: 7,
  /** Wrong guesses after which a code is burnt. */
  maxCodeAttempts: 5,
  /**
   * Code mails one account may receive per hour, whatever the client addresses: the per-IP limits do
   * not stop a stranger with many addresses from flooding the admin's mailbox.
   */
  unlockMailsPerHour: 3,
  resetMailsPerHour: 3,
  sessionDays: 7,
} as const;

export const TIMINGS = {
  publicStaleMs: 5 * 60 * 1000,
  gcMs: 5 * 60 * 1000,
  retries: 3,
  retryBaseMs: 1000,
  retryMaxMs: 30_000,
  newsletterCloseMs: 2000,
  playerIdleMs: 3000,
  seekStepSeconds: 10,
  toastMs: 3000,
  toastFadeMs: 300,
  previewDelayMs: 100,
  addressDebounceMs: 600,
  addressMinIntervalMs: 500,
  addressCacheMs: 10 * 60 * 1000,
  addressCacheMax: 100,
  addressResults: 5,
} as const;
