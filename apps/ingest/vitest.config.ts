import { defineConfig } from 'vitest/config';

// Quick runs of the ingest's own tests (no database needed): `pnpm exec vitest run -c apps/ingest/vitest.config.ts <path>`.
// `pnpm test` runs these files too, through the root vitest.config.ts.
export default defineConfig({
  test: { root: 'apps/ingest', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
