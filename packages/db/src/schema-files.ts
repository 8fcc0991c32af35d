import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from './paths';

export interface SchemaFile {
  path: string;
  content: string;
}

/**
 * The files of the Prisma schema folder: every `.prisma` file in it or below it, in path order. Together
 * they are one schema, as the Prisma CLI reads the folder.
 */
export function readSchemaFiles(dir = paths.schema): SchemaFile[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.prisma'))
    .sort()
    .map((name) => join(dir, name))
    .map((path) => ({ path, content: readFileSync(path, 'utf8') }));
}
