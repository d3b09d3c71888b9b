import type { FastifyBaseLogger } from 'fastify';
import type { AuthenticationResponseJSON, AuthenticatorTransportFuture, RegistrationResponseJSON } from '@simplewebauthn/server';
import { PASSKEYS, SITE_NAME, passkeyTexts, type LoginResponse, type Passkey } from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/http-error.ts';
import type { MailMessage } from '../../plugins/mailer.ts';
import { adminUsersRepository, sessionsRepository } from '../auth/auth.repository.ts';
import { passkeyMails } from './passkeys.mails.ts';
import { challengesRepository, passkeysRepository, type Ceremony } from './passkeys.repository.ts';
import { challengeOf, relyingParty, userHandleOf, userHandleText } from './relying-party.ts';

/**
 * SimpleWebAuthn and its certificate parsers, loaded with the first passkey ceremony rather than at
 * start (about 25 MB and 0.2 s that most starts never use; issue 27).
 */
const webAuthn = () => import('@simplewebauthn/server');
const base64Url = async () => (await import('@simplewebauthn/server/helpers')).isoBase64URL;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer'>;
/** The logged-in account and its session (a registration is bound to both). */
interface Caller {
  id: number;
  email: string;
  sessionId: number;
}

const CHALLENGE_MS = PASSKEYS.challengeMinutes * 60_000;
/** ES256 (every platform authenticator) and RS256 (Windows Hello's older keys). */
const ALGORITHMS = [-7, -257];

/** Mails are queued in the database; a failure to queue one is logged and never fails the ceremony. */
function notify({ mailer }: Pick<Deps, 'mailer'>, log: FastifyBaseLogger, message: MailMessage) {
  mailer.send(message).catch((err: unknown) => log.error({ err }, "échec de l'envoi d'un avis de clé d'accès"));
}

async function storeChallenge({ db, clock }: Deps, challenge: string, ceremony: Ceremony, owner?: Caller) {
  const now = clock.now();
  // Challenges nobody finished are cleared as new ones are made: the table stays small without a timer.
  await challengesRepository.deleteExpired(db, now);
  await challengesRepository.insert(db, {
    challenge,
    ceremony,
    userId: owner?.id ?? null,
    sessionId: owner?.sessionId ?? null,
    expiresAt: new Date(now.getTime() + CHALLENGE_MS).toISOString(),
    createdAt: now.toISOString(),
  });
}

/** The challenge the browser signed, taken (used up) when it is live and was made for this ceremony. */
async function takeChallenge({ db, clock }: Deps, clientDataJSON: string, ceremony: Ceremony, owner?: Caller): Promise<string> {
  const challenge = challengeOf(clientDataJSON);
  const owned = owner ? { userId: owner.id, sessionId: owner.sessionId } : undefined;
  if (!challenge || !(await challengesRepository.take(db, challenge, ceremony, clock.now(), owned))) throw badRequest(passkeyTexts.challengeInvalid);
  return challenge;
}

const parseTransports = (json: string) => JSON.parse(json) as AuthenticatorTransportFuture[];

export function listPasskeys({ db }: Pick<Deps, 'db'>, userId: number): Promise<Passkey[]> {
  return passkeysRepository.listOfUser(db, userId);
}

/** Options of navigator.credentials.create() for the account: a discoverable key, the user verified. */
export async function registrationOptions(deps: Deps, caller: Caller) {
  const { db, config } = deps;
  if ((await passkeysRepository.countOfUser(db, caller.id)) >= PASSKEYS.perAccountMax) throw conflict(passkeyTexts.tooMany);
  const { rpID } = relyingParty(config.siteUrl);
  const existing = await passkeysRepository.credentialsOfUser(db, caller.id);
  const options = await (await webAuthn()).generateRegistrationOptions({
    rpName: SITE_NAME,
    rpID,
    userName: caller.email,
    userDisplayName: caller.email,
    userID: userHandleOf(caller.id),
    timeout: CHALLENGE_MS,
    attestationType: 'none',
    // The same authenticator twice would only replace its own key: the browser says it is there already.
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: parseTransports(row.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await storeChallenge(deps, options.challenge, 'registration', caller);
  return options;
}

/** Checks the new credential against the challenge this account's session was given, and keeps it. */
export async function registerPasskey(deps: Deps, caller: Caller, name: string, response: RegistrationResponseJSON, log: FastifyBaseLogger): Promise<Passkey> {
  const { db, clock, config } = deps;
  const challenge = await takeChallenge(deps, response.response.clientDataJSON, 'registration', caller);
  const { rpID, origin } = relyingParty(config.siteUrl);
  let verification;
  try {
    verification = await (await webAuthn()).verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true, supportedAlgorithmIDs: ALGORITHMS });
  } catch (err) {
    throw badRequest(/user verification/i.test(String(err)) ? passkeyTexts.userVerificationRequired : passkeyTexts.registrationFailed);
  }
  if (!verification.verified) throw badRequest(passkeyTexts.registrationFailed);
  if ((await passkeysRepository.countOfUser(db, caller.id)) >= PASSKEYS.perAccountMax) throw conflict(passkeyTexts.tooMany);
  const { credential } = verification.registrationInfo;
  const saved = await passkeysRepository.insert(db, {
    userId: caller.id,
    credentialId: credential.id,
    publicKey: (await base64Url()).fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    name,
    createdAt: clock.now().toISOString(),
  });
  if (!saved) throw conflict(passkeyTexts.alreadyRegistered);
  notify(deps, log, passkeyMails.added(caller.email, name));
  return saved;
}

/** Options of navigator.credentials.get(): no account named (the passkey says whose it is). */
export async function authenticationOptions(deps: Deps) {
  const { rpID } = relyingParty(deps.config.siteUrl);
  const options = await (await webAuthn()).generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: CHALLENGE_MS, allowCredentials: [] });
  await storeChallenge(deps, options.challenge, 'authentication');
  return options;
}

/**
 * A login with a passkey: a live login challenge, a known credential, the user verified, a valid
 * signature and a counter that went forward. It opens the same session as a password login and
 * neither reads nor changes the password's lockout (a stranger who locked the password cannot keep
 * the owner out); the passkey, which the device unlocks, is itself a second factor, so two-factor
 * login asks no code. `onAccount` learns whose passkey it was, for the activity log.
 */
export async function loginWithPasskey(deps: Deps, response: AuthenticationResponseJSON, log: FastifyBaseLogger, onAccount: (email: string) => void): Promise<LoginResponse> {
  const { db, clock, config } = deps;
  const challenge = await takeChallenge(deps, response.response.clientDataJSON, 'authentication');
  const passkey = await passkeysRepository.findByCredentialId(db, response.id);
  if (!passkey) throw unauthorized(passkeyTexts.loginFailed);
  onAccount(passkey.email);
  // A discoverable key also says whose it is: it must be the account the credential belongs to.
  if (response.response.userHandle !== undefined && response.response.userHandle !== userHandleText(passkey.userId)) throw unauthorized(passkeyTexts.loginFailed);
  const { rpID, origin } = relyingParty(config.siteUrl);
  let verification;
  try {
    verification = await (await webAuthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: { id: passkey.credentialId, publicKey: (await base64Url()).toBuffer(passkey.publicKey), counter: passkey.counter, transports: parseTransports(passkey.transports) },
    });
  } catch (err) {
    const text = String(err);
    if (/counter/i.test(text)) throw counterRegressed(deps, log, passkey);
    throw unauthorized(/user verification/i.test(text) ? passkeyTexts.userVerificationRequired : passkeyTexts.loginFailed);
  }
  if (!verification.verified) throw unauthorized(passkeyTexts.loginFailed);
  const now = clock.now();
  // Checked again in the update itself: of two logins racing with one signature, one only passes.
  if (!(await passkeysRepository.recordUse(db, passkey.id, passkey.counter, verification.authenticationInfo.newCounter, now))) throw counterRegressed(deps, log, passkey);
  await sessionsRepository.deleteExpired(db, passkey.userId, now);
  const token = await sessionsRepository.create(db, passkey.userId, now);
  // Mailed for a key's first sign-in (a new device), not at every sign-in: a mail each morning would
  // teach its owner to ignore them. A counter gone backwards (a copied key) is mailed (counterRegressed).
  if (passkey.lastUsedAt === null) notify(deps, log, passkeyMails.used(passkey.email, passkey.name));
  return { token, user: { id: passkey.userId, email: passkey.email, role: passkey.role } };
}

/** A signature counter that did not go forward: a copy of the key may exist. Refused, and the account told. */
function counterRegressed(deps: Deps, log: FastifyBaseLogger, passkey: { email: string; name: string }) {
  notify(deps, log, passkeyMails.refused(passkey.email, passkey.name));
  return unauthorized(passkeyTexts.counterRegressed);
}

export async function deleteOwnPasskey(deps: Deps, caller: Pick<Caller, 'id' | 'email'>, id: number, log: FastifyBaseLogger): Promise<void> {
  const name = await passkeysRepository.deleteOfUser(deps.db, caller.id, id);
  // Another account's passkey is as unknown as a missing one: its id tells nothing.
  if (name === undefined) throw notFound(passkeyTexts.notFound);
  notify(deps, log, passkeyMails.deleted(caller.email, name));
}

/** An administrator removes every passkey of an account (lost or stolen devices); the account is mailed. */
export async function removeAccountPasskeys(deps: Deps, userId: number, adminEmail: string, log: FastifyBaseLogger): Promise<number> {
  const user = await adminUsersRepository.findById(deps.db, userId);
  if (!user) throw notFound(passkeyTexts.userNotFound);
  const count = await passkeysRepository.deleteAllOfUser(deps.db, userId);
  if (count > 0) notify(deps, log, passkeyMails.removedByAdmin(user.email, count, adminEmail));
  return count;
}
