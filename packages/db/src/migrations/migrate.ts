import { PrismaPg } from '@prisma/adapter-pg';
import { readSchemaFiles } from '../schema-files';
import { readMigrations } from './migrations-dir';
import { noFilters, withSchemaEngine } from './schema-engine';

/**
 * `prisma migrate deploy` without the native engine: applies every migration of prisma/migrations that
 * the database lacks and records it in _prisma_migrations, exactly as the CLI does.
 */
export async function applyMigrations(databaseUrl: string, log: (m: string) => void = () => {}): Promise<string[]> {
  const schema = readSchemaFiles();
  const migrationsList = await readMigrations();
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: 2 });
  const out = await withSchemaEngine(
    adapter,
    schema,
    (engine) => engine.applyMigrations({ migrationsList, filters: noFilters }),
    log,
  );
  return out.appliedMigrationNames;
}
