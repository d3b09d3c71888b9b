import path from 'node:path';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from './env.ts';

/**
 * Fields that carry secrets when something logs them: the codes of the outbox mailer (plugins/mailer.ts
 * logs them so that development needs no mail server) and a generated password. A production log is
 * read by more people, kept longer and shipped elsewhere: there they are masked.
 */
export const SECRET_LOG_FIELDS = ['codes', 'code', 'password', '*.codes', '*.code', '*.password'];
export const MASKED = '[masqué en production]';

/** The server's logger; `destination` lets a test read what it writes. */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'production'>, destination?: DestinationStream): Logger {
  const options = { level: config.logLevel, ...(config.production ? { redact: { paths: SECRET_LOG_FIELDS, censor: MASKED } } : {}) };
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
