import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';

export * from './generated/prisma/client';
export type Db = PrismaClient;

export interface DbOptions {
  /** connections in this process's pool */
  poolSize?: number;
}

/** A Prisma client over node-postgres (engine-less: Prisma's query compiler in WebAssembly). */
export function createDb(databaseUrl: string, options: DbOptions = {}): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    idleTimeoutMillis: 30_000,
  });
  return new PrismaClient({ adapter });
}
