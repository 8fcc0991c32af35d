import type { Db } from '@waymark/db/client';
import { errors, jwtVerify, SignJWT } from 'jose';
import { randomToken } from './secrets';

const ISSUER = 'waymark';

export type TokenKind = 'access' | 'api' | 'oidc-state';

/**
 * The audience each kind of token is issued for and checked against: a token made for one use (or with no
 * audience, as before this claim was set) is refused for every other.
 */
const AUDIENCE: Record<TokenKind, string> = {
  access: 'waymark:api:access',
  api: 'waymark:api:token',
  'oidc-state': 'waymark:oidc-state',
};

export interface VerifiedToken {
  kind: TokenKind;
  userId: number;
  /** auth session id (access tokens) or API token id (api tokens) */
  id: string;
  extra: Record<string, unknown>;
}

export async function signToken(
  key: Uint8Array,
  kind: TokenKind,
  subject: string,
  id: string,
  expiresAt: Date | undefined,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const jwt = new SignJWT({ ...extra, knd: kind })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE[kind])
    .setSubject(subject)
    .setJti(id)
    .setIssuedAt();
  if (expiresAt) jwt.setExpirationTime(Math.floor(expiresAt.getTime() / 1000));
  return jwt.sign(key);
}

/** Null for anything that is not a valid, unexpired token of the expected kind. */
export async function verifyToken(key: Uint8Array, token: string, kind: TokenKind): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE[kind],
      algorithms: ['HS256'],
    });
    if (payload.knd !== kind || !payload.sub || !payload.jti) return null;
    const { knd: _k, sub: _s, jti: _j, iss: _i, aud: _u, iat: _a, exp: _e, ...extra } = payload;
    return { kind, userId: Number(payload.sub), id: payload.jti, extra };
  } catch (err) {
    if (err instanceof errors.JOSEError) return null;
    throw err;
  }
}

/**
 * The key that signs tokens: WAYMARK_JWT_SECRET when set, else one generated on first start and kept in
 * the database so every API node signs with the same key.
 */
export async function loadSigningKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db.serverKey.createMany({ data: [{ id: 'jwt', value: randomToken(48) }], skipDuplicates: true });
  const row = await db.serverKey.findUniqueOrThrow({ where: { id: 'jwt' } });
  return new TextEncoder().encode(row.value);
}
