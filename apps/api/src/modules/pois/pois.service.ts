import type { ListQuery } from '@waymark/contracts/common';
import type { PoiCategory, PoiDto, PoiInput, PoiUpdate } from '@waymark/contracts/poi';
import { POI_CATEGORIES } from '@waymark/contracts/poi';
import type { Poi, Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../plugins/app/auth-context';
import { linkedResource, nameOrDescriptionHas, newRowTenant } from '../shared/linked-resources';

const pois = linkedResource({
  kind: null,
  model: (db: Prisma.TransactionClient) => db.poi,
  notFound: 'POI not found',
  audit: { action: 'poi', objectType: 'poi' },
  orderBy: [{ name: 'asc' }, { id: 'asc' }],
  links: {
    keyword: nameOrDescriptionHas,
  },
});

const known = new Set<string>(POI_CATEGORIES);

/** A stored category outside the fixed set (rows written before the set existed) reads as `other`. */
export const categoryOf = (value: string | null): PoiCategory =>
  value !== null && known.has(value) ? (value as PoiCategory) : 'other';

export function presentPoi(row: Poi): PoiDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: categoryOf(row.category),
    latitude: row.latitude,
    longitude: row.longitude,
    tenantId: row.tenantId,
  };
}

export const listPois = (auth: AuthContext, q: ListQuery) => pois.list(auth, q);
export const getPoi = pois.get;
export const deletePoi = pois.remove;

export function createPoi(ctx: AppContext, auth: AuthContext, input: PoiInput): Promise<Poi> {
  return pois.create(ctx, auth, {
    tenantId: newRowTenant(auth, input.tenantId),
    name: input.name,
    description: input.description ?? null,
    category: input.category,
    latitude: input.latitude,
    longitude: input.longitude,
  });
}

export async function updatePoi(ctx: AppContext, auth: AuthContext, id: number, input: PoiUpdate): Promise<Poi> {
  const current = await pois.get(auth, id);
  const data: Prisma.PoiUncheckedUpdateInput = {};
  if (input.name !== undefined) data.name = input.name;
  if (input.description !== undefined) data.description = input.description;
  if (input.category !== undefined) data.category = input.category;
  if (input.latitude !== undefined) data.latitude = input.latitude;
  if (input.longitude !== undefined) data.longitude = input.longitude;
  return pois.update(ctx, auth, current.id, data);
}
