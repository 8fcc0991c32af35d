import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** Locations in the repository that the database tooling reads. */
export const paths = {
  root,
  schema: join(root, 'prisma', 'schema.prisma'),
  migrations: join(root, 'prisma', 'migrations'),
};
