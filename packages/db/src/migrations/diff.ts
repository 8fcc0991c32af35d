import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { paths } from '../paths';
import { readMigrations } from './migrations-dir';
import { noFilters, withSchemaEngine } from './schema-engine';

/**
 * SQL that takes a database built by the migrations folder to what schema.prisma describes; empty when
 * they agree. The migrations are replayed on an in-process PGlite shadow database.
 */
export async function diffMigrationsToSchema(schemaPath = paths.schema): Promise<string> {
  const schema = await readFile(schemaPath, 'utf8');
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
        to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: schema }] },
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
