import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** Locations in the repository that the database tooling reads. */
export const paths = {
  root,
  /** Prisma's multi-file schema: every .prisma file of this folder is part of one schema. */
  schema: join(root, 'prisma', 'schema'),
  migrations: join(root, 'prisma', 'migrations'),
};
