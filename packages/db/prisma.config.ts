import { defineConfig } from 'prisma/config';

// For the Prisma CLI where it can reach its engines (`pnpm --filter @waymark/db exec prisma migrate deploy`):
// the same schema and migrations folder that `pnpm waymark migrate` applies offline.
export default defineConfig({
  schema: '../../prisma/schema',
  migrations: { path: '../../prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/waymark' },
});
