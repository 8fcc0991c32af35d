import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Env } from '../../env';
import { FallbackRateLimiter } from '../../security/rate-limiter';
import { buildUser } from '../../testing/factories';
import { freePorts } from '../../testing/oidc-flow';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** The app on `t`'s database with other proxy settings, and a route answering the client address it sees. */
async function appTrusting(proxies: Env['WAYMARK_TRUST_PROXY']): Promise<FastifyInstance> {
  const app = await buildApp({ ...t.ctx, env: { ...t.ctx.env, WAYMARK_TRUST_PROXY: proxies } }, { logger: false });
  app.get('/client-address', async (req) => ({ ip: req.ip }));
  return app;
}

const clientAddress = async (app: FastifyInstance, remoteAddress: string) => {
  const res = await app.inject({
    method: 'GET',
    url: '/client-address',
    remoteAddress,
    headers: { 'x-forwarded-for': '203.0.113.9' },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { ip: string }).ip;
};

describe('client address behind a reverse proxy', () => {
  it('believes X-Forwarded-For only when it comes from a listed proxy', async () => {
    const app = await appTrusting(['10.0.0.0/8', '192.0.2.1']);
    try {
      expect(await clientAddress(app, '10.1.2.3')).toBe('203.0.113.9');
      expect(await clientAddress(app, '192.0.2.1')).toBe('203.0.113.9');
      // a client talking to the API directly cannot choose the address its limits and audit entries count
      expect(await clientAddress(app, '198.51.100.7')).toBe('198.51.100.7');
      expect(await clientAddress(app, '192.0.2.2')).toBe('192.0.2.2');
    } finally {
      await app.close();
    }
  });

  it('ignores X-Forwarded-For when no proxy is trusted (the default)', async () => {
    const app = await appTrusting(false);
    try {
      expect(await clientAddress(app, '10.1.2.3')).toBe('10.1.2.3');
    } finally {
      await app.close();
    }
  });
});

/** A throwaway redis-server on a free port, without persistence. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let attempt = 0; ; attempt++) {
    const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch (err) {
      if (attempt > 100) throw err;
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      probe.disconnect();
    }
  }
  return child;
}

/** Resolves once the client is connected ('ready') or has lost its server ('down'), whichever is asked. */
function untilStatus(client: Redis, want: 'ready' | 'down'): Promise<void> {
  const reached = () => (want === 'ready' ? client.status === 'ready' : client.status !== 'ready');
  return new Promise((resolve) => {
    if (reached()) return resolve();
    const check = () => {
      if (!reached()) return;
      client.off('ready', check).off('close', check).off('reconnecting', check);
      resolve();
    };
    client.on('ready', check).on('close', check).on('reconnecting', check);
  });
}

describe('Redis outage', () => {
  let port: number;
  let server: ChildProcess | undefined;
  let redis: Redis;
  let app: FastifyInstance;
  const logged: { level: 'warn' | 'info'; message: string }[] = [];

  beforeAll(async () => {
    [port] = (await freePorts(1)) as [number];
    server = await startRedis(port);
    // as the server connects (server.ts)
    redis = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 3 });
    redis.on('error', () => {});
    await new Promise<void>((resolve) => redis.once('ready', () => resolve()));
    const log = {
      warn: (_details: unknown, message: string) => void logged.push({ level: 'warn', message }),
      info: (message: string) => void logged.push({ level: 'info', message }),
    };
    app = await buildApp({ ...t.ctx, redis, limiter: new FallbackRateLimiter(redis, log) }, { logger: false });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    redis?.disconnect();
    server?.kill('SIGKILL');
  });

  const serverSettings = () => app.inject({ method: 'GET', url: '/api/server' });
  const wrongPassword = (email: string) =>
    app.inject({ method: 'POST', url: '/api/session', payload: { email, password: 'not the password' } });

  it('keeps serving and limiting, in memory, when Redis dies, and shares the limits again when it is back', async () => {
    const user = await buildUser(t.ctx.db);
    expect((await serverSettings()).statusCode).toBe(200);
    expect((await wrongPassword(user.email)).statusCode).toBe(401);
    // while Redis is up the counters live there, shared by every API node
    expect(await redis.keys('waymark:rl:http:*')).not.toHaveLength(0);
    expect(await redis.keys(`waymark:rl:signin:acct:${user.email}`)).toHaveLength(1);

    server?.kill('SIGKILL');
    await untilStatus(redis, 'down');

    const settings = await serverSettings();
    expect(settings.statusCode).toBe(200);
    const remaining = Number(settings.headers['x-ratelimit-remaining']);
    expect(Number((await serverSettings()).headers['x-ratelimit-remaining'])).toBe(remaining - 1);

    // the per-account sign-in limit (10 in 15 minutes) still applies, counted from the outage on
    const other = await buildUser(t.ctx.db);
    for (let i = 0; i < 10; i++) expect((await wrongPassword(other.email)).statusCode).toBe(401);
    expect((await wrongPassword(other.email)).statusCode).toBe(429);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/devices' })).statusCode).toBe(401);
    // one line for the whole outage, not one per request
    expect(logged.filter((l) => l.level === 'warn')).toHaveLength(1);

    server = await startRedis(port);
    // the client may reconnect while startRedis still waits for the server: look at its status, not only events
    await untilStatus(redis, 'ready');
    expect((await serverSettings()).statusCode).toBe(200);
    expect(logged.map((l) => l.level)).toEqual(['warn', 'info']);
    expect(await redis.keys('waymark:rl:http:*')).not.toHaveLength(0);
  }, 30_000);
});
