import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRateLimiter } from '../../security/rate-limiter';
import { buildUser, PASSWORD } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { SIGN_IN_LIMITS } from './sign-in-guard';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// fresh counters per test (the per-address limit of 50 would otherwise carry over)
beforeEach(() => {
  t.ctx.limiter = new MemoryRateLimiter();
});
afterEach(() => {
  vi.useRealTimers();
});

const attempt = (email: string, password: string, from: string) =>
  t.app.inject({ method: 'POST', url: '/api/session', payload: { email, password }, remoteAddress: from });

async function wrongTimes(n: number, email: string, from: (i: number) => string): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push((await attempt(email, 'wrong-pass', from(i))).statusCode);
  return codes;
}

describe('password guessing against one account (review L4)', () => {
  it('locks out the guessing address, not the owner signing in from another one', async () => {
    const user = await buildUser(t.ctx.db);
    const codes = await wrongTimes(12, user.email, () => '203.0.113.9');
    expect(codes).toEqual([...Array(10).fill(401), 429, 429]);
    const blocked = await attempt(user.email, PASSWORD, '203.0.113.9');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    expect((await attempt(user.email, PASSWORD, '198.51.100.7')).statusCode).toBe(200);
  });

  it('backs off a persistent address: 10 per 15 minutes, then nothing more that day after 30', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await buildUser(t.ctx.db);
    const from = () => '203.0.113.10';
    for (let round = 0; round < 3; round++) {
      expect(await wrongTimes(11, user.email, from)).toEqual([...Array(10).fill(401), 429]);
      vi.setSystemTime(Date.now() + SIGN_IN_LIMITS.perAccountAndIp.windowMs + 1000);
    }
    // three windows used: the daily count holds the address, for hours
    const held = await attempt(user.email, 'wrong-pass', '203.0.113.10');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(3600);
    // a correct password from elsewhere still signs in
    expect((await attempt(user.email, PASSWORD, '198.51.100.8')).statusCode).toBe(200);
  });

  it("stops guessing spread over many addresses at the account's ceiling, except from the owner's addresses", async () => {
    const user = await buildUser(t.ctx.db);
    // the owner signed in from this address before the attack
    expect((await attempt(user.email, PASSWORD, '198.51.100.20')).statusCode).toBe(200);

    // every attempt counts towards the ceiling, the owner's one included
    const ceiling = SIGN_IN_LIMITS.perAccount.limit;
    const spread = await wrongTimes(ceiling - 1, user.email, (i) => `192.0.2.${i + 1}`);
    expect(spread.every((c) => c === 401)).toBe(true);
    // past the ceiling, a new address is refused even with the right password
    expect((await attempt(user.email, 'wrong-pass', '192.0.2.200')).statusCode).toBe(429);
    expect((await attempt(user.email, PASSWORD, '192.0.2.201')).statusCode).toBe(429);
    // the owner's known address is not
    expect((await attempt(user.email, PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });

  it('holds HTTP Basic by the same per-address count', async () => {
    const user = await buildUser(t.ctx.db);
    const basic = (password: string, from: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v2/auth/me',
        remoteAddress: from,
        headers: { authorization: `Basic ${Buffer.from(`${user.email}:${password}`).toString('base64')}` },
      });
    for (let i = 0; i < 10; i++) expect((await basic('wrong-pass', '203.0.113.30')).statusCode).toBe(401);
    expect((await basic(PASSWORD, '203.0.113.30')).statusCode).toBe(401);
    expect((await basic(PASSWORD, '198.51.100.30')).statusCode).toBe(200);
  });
});
