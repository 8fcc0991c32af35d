import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One vitest run over the whole repo, split into projects by environment.
export default defineConfig({
  test: {
    // Two workers on the 2-core CI machine (vitest's default there is one: cores − 1): the node files wait on
    // PostgreSQL, Redis, brokers and timers much of the time. Measured on the whole run: 895 s with one worker,
    // 639 s with two (docs/benchmarks.md, CI time).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'tools/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/ingest/src/**/*.test.ts',
            'apps/platform/src/**/*.test.ts',
          ],
          // tests that measure the process's memory run in a process of their own (the node-memory project)
          exclude: ['**/node_modules/**', '**/*.memory.test.ts'],
          globalSetup: ['packages/db/src/testing/global-setup.ts'],
          // Worker processes kept for all the files, each file starting from fresh modules of ours
          // (fresh-modules.ts): the libraries load once per worker instead of once per file.
          isolate: false,
          setupFiles: ['tools/testing/fresh-modules.ts'],
          // Prisma's schema engine (WebAssembly) keeps its memory in its glue module: evaluated with our modules,
          // the glue starts fresh with them whenever they are re-instantiated (packages/db/src/migrations).
          server: { deps: { inline: ['@prisma/schema-engine-wasm'] } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // password hashes at a test-only lower scrypt cost (honoured only under NODE_ENV=test)
          env: { WAYMARK_TEST_SCRYPT_LOG_N: '10' },
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: [fileURLToPath(new URL('./apps/web/src/test/setup.ts', import.meta.url))],
          // a page test renders, waits for stubbed answers and re-renders: a few hundred ms on a quiet machine, several
          // seconds on a loaded one; a hang still fails, later
          testTimeout: 20_000,
          // After the node project, so the node files always reach the pool as one batch for one worker: vitest
          // hands a worker on only between consecutive non-isolated files, and web files sorted in between would
          // make it start a new one.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // a test of memory reads the process's RSS: after the node files in their shared process, what they left
          // would count, so these get a fresh process each (after the web files)
          name: 'node-memory',
          environment: 'node',
          include: ['apps/*/src/**/*.memory.test.ts', 'packages/*/src/**/*.memory.test.ts'],
          testTimeout: 120_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
