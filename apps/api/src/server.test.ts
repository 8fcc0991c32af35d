import type { TestDatabase } from '@waymark/db/testing/db';
import { createTestDatabase } from '@waymark/db/testing/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { startApiServer } from './server';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  // start from an empty database: the platform applies the migrations itself
  await database.db.$executeRawUnsafe('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
});
afterAll(() => database.drop());

describe('startApiServer (serve-api on DATABASE_URL)', () => {
  it('migrates, creates the administrator once, serves the API, and keeps everything across a restart', async () => {
    const env = loadEnv({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', WAYMARK_LOG_LEVEL: 'silent' });
    const lines: string[] = [];
    const first = await startApiServer(env, { say: (l) => lines.push(l) });
    const email = lines.find((l) => l.startsWith('email: '))?.slice(7);
    const password = lines.find((l) => l.startsWith('password: '))?.slice(10);
    expect(email).toBe('admin@waymark.local');
    expect(password).toMatch(/^\w{4}-\w{4}-\w{4}-\w{4}$/);
    expect(lines.some((l) => l.startsWith('web and API: http://localhost:'))).toBe(true);

    const health = await fetch(`${first.url}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
    const signIn = await fetch(`${first.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { administrator: boolean }).administrator).toBe(true);
    await first.close();

    const again: string[] = [];
    const second = await startApiServer(env, { say: (l) => again.push(l) });
    expect(again.some((l) => l.startsWith('password: '))).toBe(false);
    const reSignIn = await fetch(`${second.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(reSignIn.status).toBe(200);
    await second.close();
  }, 60_000);
});
