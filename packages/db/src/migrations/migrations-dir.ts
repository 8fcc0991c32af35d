import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { paths } from '../paths';
import type { MigrationList } from './schema-engine';

/** Reads prisma/migrations the way Prisma's CLI does: one folder per migration, sorted by name. */
export async function readMigrations(dir = paths.migrations): Promise<MigrationList> {
  const entries = existsSync(dir) ? await readdir(dir, { withFileTypes: true }) : [];
  const folders = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrationDirectories = await Promise.all(
    folders.map(async (name) => {
      const file = join(dir, name, 'migration.sql');
      const content = existsSync(file)
        ? { tag: 'ok' as const, value: await readFile(file, 'utf8') }
        : { tag: 'error' as const, value: `missing ${file}` };
      return { path: name, migrationFile: { path: 'migration.sql', content } };
    }),
  );
  const lockPath = join(dir, 'migration_lock.toml');
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? await readFile(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}
