import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';
import { EMAIL_PATTERN } from '@bande/shared/constants';
import { withoutTrailingSlashes } from '@bande/shared/format/trim-chars';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : ['true', '1', 'yes', 'on'].includes(value)));

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const urlWithProtocols = (protocols: string[], example: string) =>
  optionalString.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `doit être une URL ${protocols.join(' ou ')} (ex. ${example})` },
  );

/**
 * Which peers may tell us the visitor's address in X-Forwarded-For: a hop count, or the proxies'
 * addresses/CIDRs. A bare `true` would believe the left-most entry, which the visitor writes
 * himself, so it is refused with what to write instead.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const v = (value ?? '').trim();
    if (['', 'false', '0', 'no', 'off'].includes(v.toLowerCase())) return false;
    if (['true', 'yes', 'on'].includes(v.toLowerCase())) {
      ctx.addIssue({
        code: 'custom',
        message:
          `TRUST_PROXY=${v} n'est plus accepté : écrivez le nombre de proxys devant le serveur (1) ou leurs adresses (127.0.0.1,10.0.0.0/8), sinon tout visiteur choisit son adresse dans X-Forwarded-For. ` +
          `/ TRUST_PROXY=${v} is no longer accepted: write the number of proxies in front of the server (1) or their addresses (127.0.0.1,10.0.0.0/8), otherwise any visitor picks his address in X-Forwarded-For.`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) return Number(v);
    const addresses = v.split(',').map((a) => a.trim()).filter(Boolean);
    try {
      // Validated by the very library Fastify will hand the list to, so what starts is what Fastify accepts.
      proxyAddr.compile(addresses);
    } catch {
      ctx.addIssue({ code: 'custom', message: `doit être un nombre de proxys (1) ou une liste d'adresses IP ou CIDR séparées par des virgules (127.0.0.1,10.0.0.0/8), reçu « ${v} »` });
      return z.NEVER;
    }
    return addresses;
  });

/** A whole number of `unit` between min and max, with French messages naming the bounds. */
function wholeNumber(unit: string, min: number, max: number, fallback: number) {
  return z.coerce
    .number({ message: `doit être un nombre de ${unit} (ex. ${fallback})` })
    .int({ message: `doit être un nombre entier de ${unit} (ex. ${fallback})` })
    .min(min, { message: `doit être au moins ${min}` })
    .max(max, { message: `doit être au plus ${max}` })
    .default(fallback);
}

/** Every environment variable the server reads; `.env.example` documents the same list. */
export const envSchema = z.object({
  PORT: z.coerce.number({ message: 'doit être un numéro de port' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  // Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (plugins/s3-storage.ts).
  S3_BUCKET: optionalString,
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:'], 'https://s3.fr-par.scw.cloud'),
  S3_REGION: optionalString.transform((v) => v ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user:pass@localhost:5432/bande'),
  ADMIN_EMAIL: optionalString.refine((v) => v === undefined || EMAIL_PATTERN.test(v), {
    message: 'doit être une adresse email',
  }),
  ADMIN_PASSWORD: optionalString.refine((v) => v === undefined || v.length >= 6, {
    message: 'doit contenir au moins 6 caractères',
  }),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@smtp.example.org:587'),
  MAIL_FROM: optionalString,
  CONTACT_EMAIL: optionalString.refine((v) => v === undefined || EMAIL_PATTERN.test(v), {
    message: 'doit être une adresse email',
  }),
  SITE_URL: urlWithProtocols(['http:', 'https:'], 'https://www.example.org').transform((v) => (v === undefined ? v : withoutTrailingSlashes(v))),
  MAINTENANCE_MODE: booleanFlag.transform((v) => v ?? false),
  // Default decided in loadConfig: true, but false in production.
  SEED_DEMO: booleanFlag,
  ADDRESS_SEARCH_URL: urlWithProtocols(['http:', 'https:'], 'https://api-adresse.data.gouv.fr/search/'),
  TRUST_PROXY: trustProxy,
  // Days an unconfirmed newsletter sign-up is kept before the retention job erases it (RGPD).
  RETENTION_DAYS: z.coerce
    .number({ message: 'doit être un nombre de jours (ex. 30)' })
    .int({ message: 'doit être un nombre entier de jours (ex. 30)' })
    .min(1, { message: 'doit être au moins 1 jour' })
    .max(3650, { message: 'doit être au plus 3650 jours (10 ans)' })
    .default(30),
  // Seconds between two looks for scheduled publications and withdrawals (modules/scheduling/publication-job.ts).
  SCHEDULE_CHECK_SECONDS: z.coerce
    .number({ message: 'doit être un nombre de secondes (ex. 5)' })
    .int({ message: 'doit être un nombre entier de secondes (ex. 5)' })
    .min(1, { message: 'doit être au moins 1 seconde' })
    .max(30, { message: 'doit être au plus 30 secondes (une publication programmée doit se voir en moins d’une minute)' })
    .default(5),
  // Reservations (issue 23, modules/reservations): holds, seats per booking, offers, reminders, retention.
  RESERVATION_HOLD_MINUTES: wholeNumber('minutes', 1, 1440, 30),
  RESERVATION_MAX_SEATS: wholeNumber('places', 1, 100, 6),
  RESERVATION_OFFER_MINUTES: wholeNumber('minutes', 1, 10_080, 1440),
  RESERVATION_REMINDER_HOURS: wholeNumber('heures', 1, 720, 24),
  RESERVATION_RETENTION_DAYS: wholeNumber('jours', 1, 3650, 30),
  // Campaign copies per minute at most, across all servers (the SMTP host's quota); 0: no limit (benchmarks).
  NEWSLETTER_RATE_PER_MINUTE: z.coerce
    .number({ message: 'doit être un nombre de mails par minute (ex. 60)' })
    .int({ message: 'doit être un nombre entier de mails par minute (ex. 60)' })
    .min(0, { message: 'doit être positif (0 : sans limite)' })
    .default(60),
  // Key of the two-factor secrets at rest (AES-256-GCM); the same value on every server.
  TOTP_ENCRYPTION_KEY: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'doit contenir au moins 32 caractères aléatoires (ex. la sortie de `openssl rand -base64 32`)',
  }),
  // Bounces after the send (modules/bounces): the relays' shared secret (Brevo, Mailjet) and the SNS topics of Amazon SES.
  BOUNCE_WEBHOOK_SECRET: optionalString.refine((v) => v === undefined || v.length >= 24, {
    message: 'doit contenir au moins 24 caractères aléatoires (ex. la sortie de `openssl rand -hex 24`)',
  }),
  BOUNCE_SES_TOPIC_ARNS: optionalString.transform((value, ctx): string[] => {
    const arns = (value ?? '').split(',').map((arn) => arn.trim()).filter(Boolean);
    for (const arn of arns) {
      const parts = arn.split(':');
      if (parts.length !== 6 || parts[0] !== 'arn' || !parts[1]?.startsWith('aws') || parts[2] !== 'sns' || parts.slice(3).some((part) => part === '')) {
        ctx.addIssue({ code: 'custom', message: `doit être une liste d'ARN de sujets Amazon SNS séparés par des virgules (ex. arn:aws:sns:eu-west-3:123456789012:rebonds), reçu « ${arn} »` });
        return z.NEVER;
      }
    }
    return arns;
  }),
  // A mailbox that receives the delivery-status notifications (the Return-Path of the letters), read every 5 minutes.
  BOUNCE_IMAP_URL: urlWithProtocols(['imap:', 'imaps:'], 'imaps://rebonds%40example.org:motdepasse@imap.example.org:993/INBOX'),
  // Audience measurement without consent (modules/audience): false turns the counting off (the bench's comparison).
  AUDIENCE_MEASUREMENT: booleanFlag.transform((v) => v ?? true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: optionalString,
}).superRefine((env, ctx) => {
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'requise avec l’autre clé S3 (S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble)' });
  }
  if (env.S3_BUCKET === undefined && env.S3_ENDPOINT !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'requis quand S3_ENDPOINT est donné (nom du bucket des fichiers envoyés)' });
  }
});

export type Env = z.infer<typeof envSchema>;

/** Settings of an S3-compatible bucket, read from the S3_* variables. */
export interface S3Config {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  siteUrl: string;
  maintenanceMode: boolean;
  seedDemo: boolean;
  addressSearchUrl: string;
  /** false: the socket's address; n: n proxies in front (the n-th entry from the right); list: those proxies' addresses. */
  trustProxy: false | number | string[];
  /** NODE_ENV=production: no demo content by default, an admin password required, no secrets in the log. */
  production: boolean;
  /** TOTP_ENCRYPTION_KEY: when set, two-factor secrets are stored encrypted with a key derived from it. */
  totpEncryptionKey?: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Days an unconfirmed newsletter sign-up is kept (modules/newsletter/retention.ts). */
  retentionDays: number;
  /** Bucket for uploads when S3_BUCKET is set; otherwise they stay in DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Time between two runs of the publication job (SCHEDULE_CHECK_SECONDS), in ms. */
  scheduleCheckMs: number;
  /** NEWSLETTER_RATE_PER_MINUTE: campaign copies per 60 s across servers; 0 for no limit. */
  newsletterRatePerMinute: number;
  /** The RESERVATION_* settings (modules/reservations). */
  reservations: ReservationConfig;
  /** Bounces after the send (modules/bounces). */
  bounces: BounceConfig;
  /** AUDIENCE_MEASUREMENT: page views and daily visitors counted (modules/audience); on by default. */
  audienceMeasurement: boolean;
}

export interface BounceConfig {
  /** BOUNCE_WEBHOOK_SECRET: what Brevo and Mailjet present (Basic password, Bearer token or ?token=); none: their endpoints answer 404. */
  webhookSecret: string | undefined;
  /** BOUNCE_SES_TOPIC_ARNS: the SNS topics whose signed messages are accepted; none: the SES endpoint answers 404. */
  sesTopicArns: string[];
  /** BOUNCE_IMAP_URL: the mailbox of delivery-status notifications, read every 5 minutes by one server; none: not read. */
  imapUrl: string | undefined;
}

export interface ReservationConfig {
  holdMinutes: number;
  maxSeats: number;
  offerMinutes: number;
  reminderHours: number;
  retentionDays: number;
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuration invalide :\n${lines.join('\n')}\nVoir .env.example pour la liste des variables.`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  // In production the generated password would have to be read in the log, where it stays: ask for it.
  if (production && !env.ADMIN_PASSWORD) {
    throw new ConfigError(
      'Configuration invalide :\n  - ADMIN_PASSWORD: obligatoire quand NODE_ENV=production (mot de passe du compte administrateur créé au premier démarrage ; ' +
        'sans lui il serait généré et écrit dans le journal)\nVoir .env.example pour la liste des variables.',
    );
  }
  // In production the two-factor secrets must not sit in the database in clear text, where a stolen
  // backup would give every second factor away (issue 26). French first, as every message here, then
  // English for a hosting provider's operator.
  if (production && !env.TOTP_ENCRYPTION_KEY) {
    throw new ConfigError(
      'Configuration invalide :\n  - TOTP_ENCRYPTION_KEY: obligatoire quand NODE_ENV=production (clé qui chiffre en base les secrets de la double authentification ; ' +
        'par exemple la sortie de `openssl rand -base64 32`)\n' +
        'Invalid configuration: TOTP_ENCRYPTION_KEY is required when NODE_ENV=production (the key that encrypts the two-factor secrets at rest; e.g. `openssl rand -base64 32`).\n' +
        'Voir .env.example pour la liste des variables.',
    );
  }
  const siteUrl = env.SITE_URL ?? `http://localhost:${env.PORT}`;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `La Bande à Lire <no-reply@${new URL(siteUrl).hostname}>`,
    contactEmail: env.CONTACT_EMAIL ?? env.ADMIN_EMAIL ?? 'admin@example.org',
    siteUrl,
    maintenanceMode: env.MAINTENANCE_MODE,
    seedDemo: env.SEED_DEMO ?? !production,
    addressSearchUrl: env.ADDRESS_SEARCH_URL ?? 'https://api-adresse.data.gouv.fr/search/',
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    retentionDays: env.RETENTION_DAYS,
    scheduleCheckMs: env.SCHEDULE_CHECK_SECONDS * 1000,
    reservations: {
      holdMinutes: env.RESERVATION_HOLD_MINUTES,
      maxSeats: env.RESERVATION_MAX_SEATS,
      offerMinutes: env.RESERVATION_OFFER_MINUTES,
      reminderHours: env.RESERVATION_REMINDER_HOURS,
      retentionDays: env.RESERVATION_RETENTION_DAYS,
    },
    newsletterRatePerMinute: env.NEWSLETTER_RATE_PER_MINUTE,
    audienceMeasurement: env.AUDIENCE_MEASUREMENT,
    bounces: { webhookSecret: env.BOUNCE_WEBHOOK_SECRET, sesTopicArns: env.BOUNCE_SES_TOPIC_ARNS, imapUrl: env.BOUNCE_IMAP_URL },
    production,
    totpEncryptionKey: env.TOTP_ENCRYPTION_KEY,
    s3: env.S3_BUCKET
      ? { bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT, region: env.S3_REGION, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY, forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined }
      : undefined,
  };
}
