import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { PASSWORD } from './factories';

/** Signs in and returns the Bearer header and the refresh token, which only the session cookie carries. */
export async function signInWithCookie(app: FastifyInstance, email: string) {
  const res = await app.inject({ method: 'POST', url: '/api/session', payload: { email, password: PASSWORD } });
  expect(res.statusCode).toBe(200);
  const refreshToken = res.cookies.find((c) => c.name === 'waymark_session')?.value ?? '';
  return { authorization: `Bearer ${res.json().accessToken}`, refreshToken, body: res.json() };
}

/** A new API token of the signed-in caller (POST /api/session/token). */
export async function makeApiToken(app: FastifyInstance, authorization: string, expiration?: Date) {
  const made = await app.inject({
    method: 'POST',
    url: '/api/session/token',
    headers: { authorization },
    payload: expiration ? { expiration: expiration.toISOString() } : {},
  });
  expect(made.statusCode).toBe(200);
  return made.body;
}
