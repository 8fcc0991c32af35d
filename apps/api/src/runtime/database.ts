import { isAbsolute, join } from 'node:path';
import { startEmbeddedPostgres } from '@waymark/db/embedded';
import { applyMigrations } from '@waymark/db/migrations/migrate';
import { paths } from '@waymark/db/paths';
import type { Env } from '../env';

export interface DatabaseHandle {
  url: string;
  /** how to tell the user where the data lives */
  description: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export function dataDir(env: Env): string {
  return isAbsolute(env.WAYMARK_DATA_DIR) ? env.WAYMARK_DATA_DIR : join(paths.root, env.WAYMARK_DATA_DIR);
}

/** DATABASE_URL when set (production path), otherwise the embedded PostgreSQL under WAYMARK_DATA_DIR. */
export async function openDatabase(env: Env, log: (m: string) => void): Promise<DatabaseHandle> {
  if (env.DATABASE_URL) {
    const u = new URL(env.DATABASE_URL);
    return {
      url: env.DATABASE_URL,
      description: `PostgreSQL at ${u.hostname}:${u.port || 5432}${u.pathname}`,
      embedded: false,
      stop: async () => {},
    };
  }
  const dir = dataDir(env);
  const pg = await startEmbeddedPostgres({ dir, log });
  const port = new URL(pg.url).port;
  return { url: pg.url, description: `embedded PostgreSQL in ${dir} (port ${port})`, embedded: true, stop: pg.stop };
}

export async function migrate(url: string): Promise<string[]> {
  return applyMigrations(url);
}
