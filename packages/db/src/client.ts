import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client';

export * from './generated/prisma/client';
export type Db = PrismaClient;

export interface DbOptions {
  /** connections in this process's pool */
  poolSize?: number;
}

/** A Prisma client over node-postgres (engine-less: Prisma's query compiler in WebAssembly). */
export function createDb(databaseUrl: string, options: DbOptions = {}): PrismaClient {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 10, idleTimeoutMillis: 30_000 });
  // An idle connection the server closes (restart, shutdown) must not crash the process: the pool drops it
  // and the next query opens a new one.
  pool.on('error', () => {});
  return new PrismaClient({ adapter: new PrismaPg(pool) });
}
