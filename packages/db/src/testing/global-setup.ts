import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../embedded';
import { applyMigrations } from '../migrations/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * Once per test run: a PostgreSQL server (DATABASE_URL's, or an embedded one when it is unset), and a
 * template database with every migration applied. Each test file clones the template (testing/db.ts).
 * @public vitest's globalSetup (vitest.config.ts)
 */
export default async function setup(project: TestProject) {
  let adminUrl: string;
  let stopServer = async () => {};
  let tmp: string | undefined;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    tmp = mkdtempSync(join(tmpdir(), 'waymark-pg-'));
    const embedded = await startEmbeddedPostgres({ dir: tmp });
    adminUrl = embedded.adminUrl;
    stopServer = embedded.stop;
  }
  const template = `wm_tpl_${process.pid}_${Date.now().toString(36)}`;
  await exec(adminUrl, `CREATE DATABASE "${template}"`);
  await applyMigrations(withDatabase(adminUrl, template));
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const dbs = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [template, `${template}_%`],
    );
    for (const { datname } of dbs.rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await client.end();
    await stopServer();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function exec(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
