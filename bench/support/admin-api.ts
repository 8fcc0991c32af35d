import type { ChildProcess } from 'node:child_process';
import { applyMigrations } from '@waymark/db/migrations/migrate';
import pg from 'pg';
import { freePort, startProcess } from './processes';

/**
 * A fresh database on DATABASE_URL's server, built by the real migrations, and the API process on it (the
 * production path: HTTP, sign-in, access scope, serialization). `sql` seeds it; `call` is signed in as the
 * platform administrator the API creates at first start.
 */
export interface BenchApi {
  sql: pg.Client;
  version: string;
  call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: unknown }>;
  signIn(email: string, password: string): Promise<string>;
  admin: string;
  /** the API process (to read its memory) */
  pid: number | undefined;
  /** a request's raw answer (downloads) */
  raw(path: string): Promise<Response>;
  close(): Promise<void>;
}

export const BENCH_PASSWORD = 'Bench-password-1';

export async function createDatabase(
  name: string,
): Promise<{ url: string; sql: pg.Client; version: string; drop(keep?: boolean): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  const version = (await admin.query('SHOW server_version')).rows[0].server_version as string;
  await applyMigrations(url);
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  return {
    url,
    sql,
    version,
    async drop(keep = false) {
      await sql.end();
      if (!keep) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function startApi(databaseUrl: string): Promise<{ api: ChildProcess; base: string }> {
  const port = await freePort();
  const api = await startProcess(
    ['apps/api/src/main.ts'],
    {
      DATABASE_URL: databaseUrl,
      REDIS_URL: `${(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/8`,
      WAYMARK_LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      WAYMARK_WEB_DIR: '/nonexistent',
      WAYMARK_ADMIN_EMAIL: 'bench@waymark.local',
      WAYMARK_ADMIN_PASSWORD: BENCH_PASSWORD,
    },
    /ready in/,
  );
  return { api, base: `http://127.0.0.1:${port}` };
}

export async function benchApi(name: string, seed: (sql: pg.Client) => Promise<void>): Promise<BenchApi> {
  const db = await createDatabase(name);
  await seed(db.sql);
  const { api, base } = await startApi(db.url);
  const call: BenchApi['call'] = async (method, path, body, token) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token ?? admin}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  };
  const signIn = async (email: string, password: string) => {
    const res = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { accessToken: string }).accessToken;
  };
  const admin = await signIn('bench@waymark.local', BENCH_PASSWORD);
  return {
    sql: db.sql,
    version: db.version,
    call,
    signIn,
    admin,
    pid: api.pid,
    raw: (path) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${admin}` } }),
    async close() {
      api.kill();
      await new Promise((r) => api.once('exit', r));
      await db.drop(process.argv.includes('--keep'));
    },
  };
}

/** The q-th quantile (0..1) of the values. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
