import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('configuration from the environment', () => {
  it('has defaults for a first run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', maintenanceMode: false, seedDemo: true, databaseUrl: undefined });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.siteUrl).toBe('http://localhost:3000');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/bande',
      DATABASE_URL: 'postgres://u:p@db:5432/bande',
      ADMIN_EMAIL: 'chef@example.org',
      ADMIN_PASSWORD: 'secret123',
      SMTP_URL: 'smtps://u:p@mail.example.org:465',
      MAIL_FROM: 'Bande <bande@example.org>',
      CONTACT_EMAIL: 'contact@example.org',
      SITE_URL: 'https://www.example.org/',
      MAINTENANCE_MODE: 'true',
      SEED_DEMO: 'false',
      ADDRESS_SEARCH_URL: 'https://adresse.example.org/search/',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/bande',
      databaseUrl: 'postgres://u:p@db:5432/bande',
      adminEmail: 'chef@example.org',
      adminPassword: 'secret123',
      smtpUrl: 'smtps://u:p@mail.example.org:465',
      mailFrom: 'Bande <bande@example.org>',
      contactEmail: 'contact@example.org',
      siteUrl: 'https://www.example.org',
      maintenanceMode: true,
      seedDemo: false,
      addressSearchUrl: 'https://adresse.example.org/search/',
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ MAINTENANCE_MODE: 'peut-être' }, 'MAINTENANCE_MODE'],
    [{ ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'pas-un-email' }, 'ADMIN_EMAIL'],
  ])('refuses %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}`));
  });
});

describe('RETENTION_DAYS', () => {
  it('keeps unconfirmed newsletter sign-ups 30 days by default, or the days given', () => {
    expect(loadConfig({}).retentionDays).toBe(30);
    expect(loadConfig({ RETENTION_DAYS: '7' }).retentionDays).toBe(7);
  });

  it.each(['0', '-3', '2.5', 'un mois', '99999'])('refuses RETENTION_DAYS=%s with a French message', (value) => {
    expect(() => loadConfig({ RETENTION_DAYS: value })).toThrow(/RETENTION_DAYS: doit être (un nombre|au moins|au plus)/);
  });
});

describe('RESERVATION_* settings', () => {
  it('has the defaults of issue 23, or the values given', () => {
    expect(loadConfig({}).reservations).toEqual({ holdMinutes: 30, maxSeats: 6, offerMinutes: 1440, reminderHours: 24, retentionDays: 30 });
    expect(loadConfig({ RESERVATION_HOLD_MINUTES: '1', RESERVATION_MAX_SEATS: '4' }).reservations).toMatchObject({ holdMinutes: 1, maxSeats: 4 });
  });

  it.each([
    ['RESERVATION_HOLD_MINUTES', '0'],
    ['RESERVATION_HOLD_MINUTES', 'une heure'],
    ['RESERVATION_MAX_SEATS', '2.5'],
    ['RESERVATION_OFFER_MINUTES', '-1'],
    ['RESERVATION_REMINDER_HOURS', '0'],
    ['RESERVATION_RETENTION_DAYS', '99999'],
  ])('refuses %s=%s with a French message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: doit être (un nombre|au moins|au plus)`));
  });
});

describe('reverse proxy', () => {
  it('trusts no proxy when TRUST_PROXY is unset, false or 0', () => {
    for (const value of [undefined, '', 'false', '0', 'no', 'off']) {
      expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toBe(false);
    }
  });

  it('reads a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1 , ::1, fd00::/8 ' }).trustProxy).toEqual(['127.0.0.1', '::1', 'fd00::/8']);
  });

  it.each(['true', 'yes', 'on', 'TRUE'])('refuses TRUST_PROXY=%s, saying in French and English what to write instead', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(`TRUST_PROXY=${value} n'est plus accepté`);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(`TRUST_PROXY=${value} is no longer accepted: write the number of proxies`);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow('127.0.0.1,10.0.0.0/8');
  });

  it.each(['10.0.0.0/99', 'proxy.example.org', '127.0.0.1,nope'])('refuses TRUST_PROXY=%s as neither a count nor addresses', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: doit être un nombre de proxys/);
  });
});

describe('S3 bucket for uploads', () => {
  it('keeps uploads on disk unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('reads the bucket settings, path-style by default only with an endpoint', () => {
    expect(loadConfig({ S3_BUCKET: 'fichiers' }).s3).toEqual({
      bucket: 'fichiers',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    const config = loadConfig({
      S3_BUCKET: 'fichiers',
      S3_ENDPOINT: 'https://s3.fr-par.scw.cloud',
      S3_REGION: 'fr-par',
      S3_ACCESS_KEY_ID: 'SCW123',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({
      bucket: 'fichiers',
      endpoint: 'https://s3.fr-par.scw.cloud',
      region: 'fr-par',
      accessKeyId: 'SCW123',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'https://r2.example.org', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
  });

  it.each([
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_ENDPOINT: 'https://s3.example.org' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 's3.example.org' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'parfois' }, 'S3_FORCE_PATH_STYLE'],
  ])('refuses %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: `));
  });
});
