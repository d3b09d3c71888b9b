import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnsEnvelope } from '@bande/shared';
import { buildApp } from '../../app.ts';
import type { App } from '../../deps.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { isSnsUrl, snsStringToSign } from './sns-verify.ts';

/**
 * Amazon SES through SNS. The documented SNS envelopes (fixtures/) carry SES's documented samples, signed
 * here with a key and self-signed certificate made by openssl for the test, which the injected fetcher
 * serves at an SNS address: the server verifies exactly what it would verify against Amazon's.
 */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8')) as Record<string, unknown>;

const TOPIC = 'arn:aws:sns:eu-west-3:123456789012:rebonds';
const CERT_URL = 'https://sns.eu-west-3.amazonaws.com/SimpleNotificationService-0123456789abcdef.pem';

let ctx: TestContext;
let app: App;
let privateKey: string;
let certificate: string;
const fetched: string[] = [];

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sns-cert-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=sns.amazonaws.com'], { stdio: 'ignore' });
  privateKey = fs.readFileSync(path.join(dir, 'key.pem'), 'utf8');
  certificate = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
  fs.rmSync(dir, { recursive: true, force: true });
  ctx = await createTestApp({ BOUNCE_SES_TOPIC_ARNS: `arn:aws:sns:us-east-1:123456789012:autre, ${TOPIC}` });
  const fetchText = async (url: string) => {
    fetched.push(url);
    if (url === CERT_URL) return certificate;
    if (url.startsWith('https://sns.eu-west-3.amazonaws.com/?Action=ConfirmSubscription')) return '<ConfirmSubscriptionResponse/>';
    throw new Error(`adresse inattendue ${url}`);
  };
  app = await buildApp({ db: ctx.db, dialect: ctx.dialect, config: ctx.config, mailer: ctx.mailer, storage: ctx.storage, clock: ctx.clock, fetchText });
  await app.ready();
  // The certificate is valid from today: the test's clock too.
  ctx.clock.set(new Date());
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});
beforeEach(async () => {
  fetched.length = 0;
  await ctx.db.deleteFrom('bounceEvents').execute();
  await ctx.db.deleteFrom('newsletterSubscriptions').execute();
});

function signed(envelope: Record<string, unknown>, version: '1' | '2' = '1'): SnsEnvelope {
  const message = { ...envelope, TopicArn: TOPIC, SigningCertURL: CERT_URL, SignatureVersion: version } as SnsEnvelope;
  message.Signature = crypto.sign(version === '1' ? 'sha1' : 'sha256', Buffer.from(snsStringToSign(message), 'utf8'), privateKey).toString('base64');
  return message;
}
const notification = (ses: string, version: '1' | '2' = '1') => signed({ ...fixture('sns-notification.json'), Message: JSON.stringify(fixture(ses)) }, version);
// SNS posts with Content-Type text/plain.
const post = (message: unknown) => app.inject({ method: 'POST', url: '/api/bounces/ses', headers: { 'content-type': 'text/plain; charset=UTF-8' }, payload: JSON.stringify(message) });

async function subscriber(email: string) {
  const now = ctx.clock.now().toISOString();
  await ctx.db.insertInto('newsletterSubscriptions').values({ email, createdAt: now, confirmedAt: now, confirmTokenHash: hashToken(`c${email}`), unsubscribeTokenHash: hashToken(`u${email}`) }).execute();
}
const stateOf = async (email: string) => ctx.db.selectFrom('newsletterSubscriptions').select(['bouncedAt']).where('email', '=', email).executeTakeFirst();
const snapshot = async () => JSON.stringify([await ctx.db.selectFrom('newsletterSubscriptions').selectAll().orderBy('id').execute(), await ctx.db.selectFrom('bounceEvents').selectAll().execute()]);

describe('Amazon SES through SNS', () => {
  it('confirms the subscription of an allowed topic by opening its SubscribeURL', async () => {
    const sample = fixture('sns-subscription-confirmation.json');
    const subscribeUrl = `https://sns.eu-west-3.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=${String(sample.Token)}`;
    const res = await post(signed({ ...sample, SubscribeURL: subscribeUrl }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Abonnement Amazon SNS confirmé.');
    expect(fetched).toContain(subscribeUrl);
  });

  it('a Permanent bounce (signature version 1) marks the address bounced', async () => {
    await subscriber('jane@example.com');
    const res = await post(notification('ses-bounce-permanent.json'));
    expect(res.statusCode, res.body).toBe(200);
    expect((await stateOf('jane@example.com'))?.bouncedAt).not.toBeNull();
    expect(await ctx.db.selectFrom('bounceEvents').select(['source', 'kind', 'detail']).execute()).toEqual([{ source: 'ses', kind: 'hard', detail: '5.1.1 smtp; 550 5.1.1 user unknown' }]);
  });

  it('a Transient bounce (signature version 2) is counted, not removed; a Complaint erases the address', async () => {
    await subscriber('jane@example.com');
    await subscriber('richard@example.com');
    expect((await post(notification('ses-bounce-transient.json', '2'))).statusCode).toBe(200);
    expect((await stateOf('jane@example.com'))?.bouncedAt).toBeNull();
    expect(await ctx.db.selectFrom('bounceEvents').select('kind').execute()).toEqual([{ kind: 'soft' }]);
    expect((await post(notification('ses-complaint.json'))).statusCode).toBe(200);
    expect(await stateOf('richard@example.com')).toBeUndefined();
  });

  it('refuses a message changed after signing (French 403) and changes nothing', async () => {
    await subscriber('jane@example.com');
    const before = await snapshot();
    const forged = notification('ses-bounce-transient.json');
    forged.Message = JSON.stringify(fixture('ses-bounce-permanent.json'));
    const res = await post(forged);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/Signature Amazon SNS invalide/);
    // Signed by another key: refused as well.
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const stranger = notification('ses-bounce-permanent.json');
    stranger.Signature = crypto.sign('sha1', Buffer.from(snsStringToSign(stranger)), other).toString('base64');
    expect((await post(stranger)).statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it('never fetches a certificate outside https://sns.<region>.amazonaws.com/ (French 403), and changes nothing', async () => {
    await subscriber('jane@example.com');
    const before = await snapshot();
    for (const url of [
      'https://evil.example.org/SimpleNotificationService.pem',
      'https://sns.eu-west-3.amazonaws.com.evil.org/cert.pem',
      'http://sns.eu-west-3.amazonaws.com/cert.pem',
      'https://sns.eu-west-3.amazonaws.com:8443/cert.pem',
      'https://user@sns.eu-west-3.amazonaws.com/cert.pem',
      'https://evil.org/sns.eu-west-3.amazonaws.com/cert.pem',
      'https://s3.eu-west-3.amazonaws.com/cert.pem',
    ]) {
      const message = notification('ses-bounce-permanent.json');
      const res = await post({ ...message, SigningCertURL: url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toMatch(/certificat Amazon SNS refusée/);
    }
    expect(fetched).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('refuses a topic that is not in BOUNCE_SES_TOPIC_ARNS, a SubscribeURL outside SNS, and text that is not JSON', async () => {
    const before = await snapshot();
    const foreign = notification('ses-bounce-permanent.json');
    const res = await post({ ...foreign, TopicArn: 'arn:aws:sns:eu-west-3:999999999999:autre' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/sujet Amazon SNS/);
    const sample = fixture('sns-subscription-confirmation.json');
    const hostile = await post(signed({ ...sample, SubscribeURL: 'https://evil.example.org/?Action=ConfirmSubscription' }));
    expect(hostile.statusCode).toBe(403);
    expect(fetched.filter((url) => url.includes('evil'))).toEqual([]);
    const garbage = await app.inject({ method: 'POST', url: '/api/bounces/ses', headers: { 'content-type': 'text/plain' }, payload: '{pas du json' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error).toMatch(/JSON/);
    expect(await snapshot()).toBe(before);
  });
});

describe('isSnsUrl', () => {
  it('accepts the regions’ SNS hosts only', () => {
    expect(isSnsUrl('https://sns.us-east-1.amazonaws.com/x.pem', '.pem')).toBe(true);
    expect(isSnsUrl('https://sns.us-gov-west-1.amazonaws.com/x.pem', '.pem')).toBe(true);
    expect(isSnsUrl('https://sns.cn-north-1.amazonaws.com.cn/x.pem', '.pem')).toBe(true);
    expect(isSnsUrl('https://sns.us-east-1.amazonaws.com/x.txt', '.pem')).toBe(false);
    expect(isSnsUrl('https://sns.amazonaws.com/x.pem', '.pem')).toBe(false);
    expect(isSnsUrl('https://sns.x.y.amazonaws.com/x.pem', '.pem')).toBe(false);
    expect(isSnsUrl('pas une adresse')).toBe(false);
  });
});
