import path from 'node:path';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from './env.ts';
import { clientErrorForLog, REDACTED, redactText, redactUrl, requestForLog } from './log-redaction.ts';

/**
 * Fields that carry secrets when something logs them: the codes of the outbox mailer (plugins/mailer.ts
 * logs them so that development needs no mail server) and a generated password. A production log is
 * read by more people, kept longer and shipped elsewhere: there they are masked.
 */
export const SECRET_LOG_FIELDS = ['codes', 'code', 'password', '*.codes', '*.code', '*.password'];
export const MASKED = '[masqué en production]';

/**
 * Fields that carry what a request brought (tokens of mail links, codes and passwords typed in forms),
 * should anything log a body: redacted at every level and in every mode (issue 33). `code` and `codes`
 * alone are the production list's: elsewhere `code` is an SMTP or database error's code, and `codes`
 * the development outbox's, on purpose.
 */
const REQUEST_SECRET_FIELDS = [
  ...['token', 'unlockCode', 'totpCode', 'newPassword', 'currentPassword', 'invitation'].flatMap((name) => [name, `*.${name}`]),
  '*.password',
  'body.code',
];
const isRequestSecretPath = (path: string[]) => REQUEST_SECRET_FIELDS.includes(path.join('.')) || REQUEST_SECRET_FIELDS.includes(`*.${path.at(-1)}`);

/**
 * The server's logger; `destination` lets a test read what it writes. Its serializers redact the
 * secrets of addresses (log-redaction.ts): `req` (Fastify's « incoming request » lines, whatever the
 * level), `url` (a page that failed to render) and `clientError` (a browser's report, with its page);
 * its `logMethod` hook, a message quoting an address.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'production'>, destination?: DestinationStream): Logger {
  const paths = config.production ? [...REQUEST_SECRET_FIELDS, ...SECRET_LOG_FIELDS] : REQUEST_SECRET_FIELDS;
  const options = {
    level: config.logLevel,
    serializers: { req: requestForLog, url: (url: unknown) => (typeof url === 'string' ? redactUrl(url) : url), clientError: clientErrorForLog },
    redact: { paths, censor: (_value: unknown, path: string[]) => (isRequestSecretPath(path) ? REDACTED : MASKED) },
    // The message itself may quote an address (Fastify's « Route GET:/...?token=... not found », an error's text).
    hooks: {
      logMethod(this: Logger, args: Parameters<Logger['info']>, method: Logger['info']) {
        method.apply(this, args.map((arg: unknown) => (typeof arg === 'string' ? redactText(arg) : arg)) as Parameters<Logger['info']>);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** What a production start must say out loud: settings that make the site look fine while it is not. */
export function warnAboutProductionSettings(config: Pick<AppConfig, 'production' | 'smtpUrl' | 'dataDir'>, log: Pick<Logger, 'error'>): void {
  if (!config.production) return;
  if (!config.smtpUrl) {
    log.error(
      { outbox: path.join(config.dataDir, 'outbox') },
      'SMTP_URL absent : aucun mail ne part. Les codes de déblocage et de réinitialisation et les messages de contact sont seulement écrits dans DATA_DIR/outbox, et personne ne les recevra.',
    );
  }
}
