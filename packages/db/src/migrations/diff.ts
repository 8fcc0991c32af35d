import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { paths } from '../paths';
import { readSchemaFiles } from '../schema-files';
import { readMigrations } from './migrations-dir';
import { noFilters, withSchemaEngine } from './schema-engine';

/**
 * SQL that takes a database built by the migrations folder to what the schema folder (all of its files)
 * describes; empty when they agree. The migrations are replayed on an in-process PGlite shadow database.
 */
export async function diffMigrationsToSchema(schemaDir = paths.schema): Promise<string> {
  const schema = readSchemaFiles(schemaDir);
  const migrations = await readMigrations();
  const shadow = new PGlite();
  try {
    const from =
      migrations.migrationDirectories.length === 0
        ? ({ tag: 'empty' } as const)
        : ({ tag: 'migrations', ...migrations } as const);
    const result = await withSchemaEngine(new PrismaPGlite(shadow), schema, (engine) =>
      engine.diff({
        from,
        to: { tag: 'schemaDatamodel', files: schema },
        script: true,
        exitCode: null,
        filters: noFilters,
      }),
    );
    const sql = result.stdout ?? '';
    return /^\s*(--\s*This is an empty migration\.)?\s*$/.test(sql) ? '' : sql;
  } finally {
    await shadow.close();
  }
}
