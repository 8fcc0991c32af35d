import type { Server } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { checkPreferences } from './preferences';

/** The server's settings: one row (id 1), created with its defaults on first read. */
export function getServer(ctx: AppContext): Promise<Server> {
  return ctx.db.server.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
}

/** Changes the settings given; the preference attributes are checked first. */
export function updateServer(
  ctx: AppContext,
  input: Omit<Partial<Server>, 'id' | 'updatedAt' | 'attributes'> & { attributes?: Record<string, unknown> },
): Promise<Server> {
  const { attributes: given, ...rest } = input;
  const attributes = checkPreferences(given);
  const data = { ...rest, ...(attributes ? { attributes: attributes as object } : {}) };
  return ctx.db.server.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
}
