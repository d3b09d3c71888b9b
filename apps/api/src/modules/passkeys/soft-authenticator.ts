import crypto from 'node:crypto';

/*
 * A software authenticator for the API tests: the answers a browser would send after a real
 * authenticator's ceremony (packed 'none' attestation, ES256 signatures), made with node:crypto, so
 * that the server's checks (challenge, origin, RP ID, flags, counter, signature) all run for real.
 */

type Cbor = number | string | Uint8Array | CborMap | { [key: string]: Cbor };
type CborMap = Map<number | string, Cbor>;

/** The few CBOR major types WebAuthn's structures use (RFC 8949): unsigned and negative integers, bytes, text, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftAuthenticatorOptions {
  rpId: string;
  origin: string;
  /** false: the authenticator does not verify its user (the UV flag stays off). */
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId = crypto.randomBytes(16);
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The signature counter the next signature carries (tests set it back to play a cloned key). */
  counter = 0;
  userVerified: boolean;
  userHandle: string | undefined;

  constructor(private readonly options: SoftAuthenticatorOptions) {
    this.userVerified = options.userVerified ?? true;
  }

  get id() {
    return b64url(this.credentialId);
  }

  private flags(extra = 0) {
    return FLAG_UP | (this.userVerified ? FLAG_UV : 0) | extra;
  }

  private counterBytes() {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(this.counter);
    return b;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.options.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to navigator.credentials.create() for these options (challenge, user.id). */
  register(options: { challenge: string; user?: { id?: string } }, { origin }: { origin?: string } = {}) {
    this.userHandle = options.user?.id;
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(this.options.rpId),
      Buffer.from([this.flags(FLAG_AT)]),
      this.counterBytes(),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      cbor(coseKey),
    ]);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, origin)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer to navigator.credentials.get() for this challenge; the counter moves on by one first. */
  sign(challenge: string, { step = 1 }: { step?: number } = {}) {
    this.counter += step;
    const authData = Buffer.concat([sha256(this.options.rpId), Buffer.from([this.flags()]), this.counterBytes()]);
    const clientDataJSON = this.clientData('webauthn.get', challenge);
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
