import type { VendorInput } from '@waymark/contracts/catalogue';
import type { Page, PageQuery } from '@waymark/contracts/common';
import type { Prisma, Vendor } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { conflict } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { pageArgs, pageOf } from '../shared/v2';
import { checkCatalogueWrite } from './stock-access';

export type VendorRow = Vendor & { _count: { simCards: number } };
const include = { _count: { select: { simCards: true } } } as const;
const SORTABLE = ['name', 'contact', 'email', 'createdAt'] as const;

const searchWhere = (search?: string): Prisma.VendorWhereInput =>
  search
    ? {
        OR: ['name', 'contact', 'email', 'phone'].map((field) => ({
          [field]: { contains: search, mode: 'insensitive' },
        })),
      }
    : {};

/** An include's count is not scoped: a tenant admin counts its own SIM cards only. */
async function scopedCounts(auth: AuthContext, rows: VendorRow[]): Promise<VendorRow[]> {
  if (auth.scope.platform || rows.length === 0) return rows;
  const counts = await auth.db.simCard.groupBy({
    by: ['vendorId'],
    where: { vendorId: { in: rows.map((r) => r.id) } },
    _count: { _all: true },
  });
  const sims = new Map(counts.map((c) => [c.vendorId, c._count._all]));
  return rows.map((r) => ({ ...r, _count: { simCards: sims.get(r.id) ?? 0 } }));
}

/** Every vendor by name, for the SIM card forms (GET /sim/vendor). */
export async function listVendors(auth: AuthContext): Promise<VendorRow[]> {
  return scopedCounts(auth, await auth.db.vendor.findMany({ include, orderBy: { name: 'asc' } }));
}

/** A page of vendors for the vendors page, searched on name, contact, email and phone. */
export async function pageVendors(auth: AuthContext, q: PageQuery): Promise<Page<VendorRow>> {
  const where = searchWhere(q.search);
  const [rows, total] = await Promise.all([
    auth.db.vendor.findMany({ where, include, ...pageArgs(q, SORTABLE) }),
    auth.db.vendor.count({ where }),
  ]);
  return pageOf(q, await scopedCounts(auth, rows), total);
}

async function getVendor(auth: AuthContext, id: number): Promise<VendorRow> {
  return found(await auth.db.vendor.findUnique({ where: { id }, include }));
}

async function unique(auth: AuthContext, name: string, id?: number) {
  const clash = await auth.db.vendor.findFirst({
    where: { name: { equals: name, mode: 'insensitive' }, NOT: id ? { id } : undefined },
  });
  if (clash) throw conflict('A vendor with this name already exists');
}

const fields = (input: VendorInput) => ({
  name: input.name,
  contact: input.contact,
  email: input.email,
  phone: input.phone,
  website: input.website,
});

export async function createVendor(ctx: AppContext, auth: AuthContext, input: VendorInput): Promise<VendorRow> {
  await checkCatalogueWrite(ctx, auth, 'VIEW_VENDORS');
  await unique(auth, input.name);
  const row = await auth.db.vendor.create({ data: fields(input), include });
  await audit(ctx, { action: 'vendor.created', userId: auth.user.id, objectType: 'vendor', objectId: row.id });
  return row;
}

export async function updateVendor(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: VendorInput,
): Promise<VendorRow> {
  await checkCatalogueWrite(ctx, auth, 'VIEW_VENDORS');
  await getVendor(auth, id);
  await unique(auth, input.name, id);
  const row = await auth.db.vendor.update({ where: { id }, data: fields(input), include });
  await audit(ctx, { action: 'vendor.updated', userId: auth.user.id, objectType: 'vendor', objectId: id });
  return row;
}

/** Deleting a vendor leaves its SIM cards and devices without one. */
export async function deleteVendor(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  await checkCatalogueWrite(ctx, auth, 'VIEW_VENDORS');
  await getVendor(auth, id);
  await auth.db.vendor.delete({ where: { id } });
  await audit(ctx, { action: 'vendor.deleted', userId: auth.user.id, objectType: 'vendor', objectId: id });
}
