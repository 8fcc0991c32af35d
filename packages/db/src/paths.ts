import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** Locations in the repository that the database tooling reads. */
export const paths = {
  root,
  schema: join(root, 'prisma', 'schema.prisma'),
  migrations: join(root, 'prisma', 'migrations'),
};
