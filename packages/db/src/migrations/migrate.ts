import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
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
  const adapter = wholeScripts(new PrismaPg({ connectionString: databaseUrl, max: 2 }));
  const out = await withSchemaEngine(
    adapter,
    schema,
    (engine) => engine.applyMigrations({ migrationsList, filters: noFilters }),
    log,
  );
  return out.appliedMigrationNames;
}

type ScriptAdapter = SqlDriverAdapter & {
  client?: { query(text: string): Promise<unknown> };
  onError?: (error: unknown) => never;
};

/**
 * The pg adapter runs a migration script by splitting it at every `;` — inside a dollar-quoted function body
 * or a comment too — where Prisma's CLI sends the script whole. These adapters send it whole (PostgreSQL's simple
 * query protocol runs the statements in order, as one implicit transaction).
 */
function wholeScripts(factory: SqlMigrationAwareDriverAdapterFactory): SqlMigrationAwareDriverAdapterFactory {
  const patch = (adapter: SqlDriverAdapter) => {
    const pg = adapter as ScriptAdapter;
    const client = pg.client;
    if (!client) throw new Error('the pg driver adapter has no client to run a migration script with');
    pg.executeScript = async (script: string) => {
      try {
        await client.query(script);
      } catch (error) {
        if (pg.onError) pg.onError(error);
        throw error;
      }
    };
    return adapter;
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => patch(await factory.connect()),
    connectToShadowDb: async () => patch(await factory.connectToShadowDb()),
  };
}
