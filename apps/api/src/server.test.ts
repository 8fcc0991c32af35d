import type { TestDatabase } from '@waymark/db/testing/db';
import { createTestDatabase } from '@waymark/db/testing/db';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { loggerOptions } from './logger';
import { startApiServer } from './server';

/** An empty database: the platform applies the migrations itself. */
async function emptyDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  await database.db.$executeRawUnsafe(
    'DROP SCHEMA public CASCADE; DROP SCHEMA partitions CASCADE; CREATE SCHEMA public;',
  );
  return database;
}

/** The production logger's options at the most verbose level, its JSON lines kept in `lines`. */
function jsonLogger() {
  const lines: string[] = [];
  const logger = pino(loggerOptions('trace'), { write: (line: string) => lines.push(line) });
  return { lines, logger };
}

const GENERATED = /(?<![\w-])\w{4}-\w{4}-\w{4}-\w{4}(?![\w-])/;

let database: TestDatabase;
beforeAll(async () => {
  database = await emptyDatabase();
});
afterAll(() => database.drop());

describe('startApiServer (serve-api on DATABASE_URL)', () => {
  it('migrates, creates the administrator once, serves the API, and keeps everything across a restart', async () => {
    const env = loadEnv({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', WAYMARK_LOG_LEVEL: 'silent' });
    const lines: string[] = [];
    const json = jsonLogger();
    const first = await startApiServer(env, { say: (l) => lines.push(l), terminal: true, logger: json.logger });
    const email = lines.find((l) => l.startsWith('email: '))?.slice(7);
    const password = lines.find((l) => l.startsWith('password: '))?.slice(10);
    expect(email).toBe('admin@waymark.local');
    expect(password).toMatch(/^\w{4}-\w{4}-\w{4}-\w{4}$/);
    // on the terminal only, never in the JSON logs
    expect(json.lines.length).toBeGreaterThan(0);
    expect(json.lines.filter((l) => l.includes(password ?? '-'))).toEqual([]);
    expect(lines.some((l) => l.startsWith('web and API: http://localhost:'))).toBe(true);

    const health = await fetch(`${first.url}/api/health`, { headers: { accept: 'application/json' } });
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

  it('does not print a generated first password where the output is not a terminal, nor log it', async () => {
    const other = await emptyDatabase();
    try {
      const env = loadEnv({ DATABASE_URL: other.url, PORT: '0', HOST: '127.0.0.1' });
      const lines: string[] = [];
      const json = jsonLogger();
      const server = await startApiServer(env, { say: (l) => lines.push(l), terminal: false, logger: json.logger });
      await server.close();
      expect(lines).toContain('email: admin@waymark.local');
      expect(lines.filter((l) => GENERATED.test(l))).toEqual([]);
      expect(lines).toContain('Set one with: pnpm waymark create-admin --email <email> --password <password>');
      expect(json.lines.filter((l) => GENERATED.test(l))).toEqual([]);
    } finally {
      await other.drop();
    }
  }, 60_000);
});
