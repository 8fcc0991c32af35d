import { vi } from 'vitest';

/**
 * The node project runs its files one after another in one long-lived worker (`isolate: false`), so the
 * libraries under node_modules (Fastify, Prisma's runtime, pino, ioredis, zod…) are loaded once per worker
 * instead of once per file: that load was most of the project's time. Our own modules must still start fresh
 * for every file: several keep state in memory for the life of the process (caches keyed by tenant or scope,
 * change listeners, registries), and the same ids recur in every cloned database, so one file's state would leak
 * into the next. Vitest runs this setup file again before each test file, and this drops every module it
 * evaluated (ours and the test files'), so each file's imports evaluate our code anew, as in a fresh process.
 */
vi.resetModules();
