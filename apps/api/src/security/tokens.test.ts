import { randomBytes } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './tokens';

const key = randomBytes(32);
const inAnHour = () => new Date(Date.now() + 3_600_000);

/** A token as signed before the audience claim: right key, issuer, kind and subject, no `aud`. */
function withoutAudience(kind: string, audience?: string) {
  const jwt = new SignJWT({ knd: kind })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('waymark')
    .setSubject('7')
    .setJti('s1')
    .setIssuedAt()
    .setExpirationTime('1h');
  if (audience) jwt.setAudience(audience);
  return jwt.sign(key);
}

describe('token audience', () => {
  it('access and API tokens carry their audience and verify', async () => {
    for (const kind of ['access', 'api'] as const) {
      const token = await signToken(key, kind, '7', 's1', inAnHour());
      expect(decodeJwt(token).aud).toBe(kind === 'access' ? 'waymark:api:access' : 'waymark:api:token');
      expect(await verifyToken(key, token, kind)).toEqual({ kind, userId: 7, id: 's1', extra: {} });
    }
  });

  it('refuses tokens without an audience or with another one', async () => {
    expect(await verifyToken(key, await withoutAudience('access'), 'access')).toBeNull();
    expect(await verifyToken(key, await withoutAudience('api'), 'api')).toBeNull();
    expect(await verifyToken(key, await withoutAudience('access', 'someone-else'), 'access')).toBeNull();
    // an API token's audience is not an access token's, even with the kind claim forged
    expect(await verifyToken(key, await withoutAudience('access', 'waymark:api:token'), 'access')).toBeNull();
  });
});
