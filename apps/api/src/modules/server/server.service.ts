import type { Server } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { GEOCODER_KEY_ATTRIBUTE } from '../../geocoding/geocoder-settings';
import { checkPreferences } from './preferences';

/**
 * The server's settings: one row (id 1), seeded on start. A public read (GET /api/server on every page load) is one
 * SELECT; only a database without the row gets it made, once (INSERT … ON CONFLICT DO NOTHING, so readers that
 * find it missing at the same time do not collide).
 */
export async function getServer(ctx: AppContext): Promise<Server> {
  const row = await ctx.db.server.findUnique({ where: { id: 1 } });
  if (row) return row;
  await ctx.db.server.createMany({ data: [{ id: 1 }], skipDuplicates: true });
  return ctx.db.server.findUniqueOrThrow({ where: { id: 1 } });
}

/**
 * Changes the settings given; the preference attributes are checked first. The geocoder's key is never shown, so
 * attributes sent back without it keep the stored one; an empty key removes it.
 */
export async function updateServer(
  ctx: AppContext,
  input: Omit<Partial<Server>, 'id' | 'updatedAt' | 'attributes'> & { attributes?: Record<string, unknown> },
): Promise<Server> {
  const { attributes: given, ...rest } = input;
  const attributes = checkPreferences(given);
  if (attributes) {
    const sent = attributes[GEOCODER_KEY_ATTRIBUTE];
    if (sent === undefined) {
      const stored = ((await getServer(ctx)).attributes ?? {}) as Record<string, unknown>;
      if (stored[GEOCODER_KEY_ATTRIBUTE] !== undefined)
        attributes[GEOCODER_KEY_ATTRIBUTE] = stored[GEOCODER_KEY_ATTRIBUTE];
    } else if (sent === '' || sent === null) delete attributes[GEOCODER_KEY_ATTRIBUTE];
  }
  const data = { ...rest, ...(attributes ? { attributes: attributes as object } : {}) };
  return ctx.db.server.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
}
