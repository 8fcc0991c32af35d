import type { Page } from '@waymark/contracts/common';
import type { SimInput, SimListQuery, SimStats } from '@waymark/contracts/sim';
import { SIM_SORTABLE, SIM_STATUSES, simTransitionAllowed } from '@waymark/contracts/sim';
import type { Prisma, SimCard, Vendor } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { badRequest, conflict } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkStockWrite } from '../catalogue/stock-access';
import { pageArgs, pageOf } from '../shared/v2';
import { recordSimChange } from './sim-history.service';

export type SimRow = SimCard & { vendor: Vendor | null; device: { id: number; name: string; uniqueId: string } | null };
export const simInclude = { vendor: true, device: { select: { id: true, name: true, uniqueId: true } } } as const;

export const ICCID_EXISTS = 'ICCID already exists';

function listWhere(q: SimListQuery): Prisma.SimCardWhereInput {
  const where: Prisma.SimCardWhereInput = {};
  if (q.search) {
    const digits = q.search.replace(/[\s+]/g, '');
    where.OR = [{ iccid: { contains: digits } }, { msisdn: { contains: digits } }, { imsi: { contains: digits } }];
  }
  if (q.status) where.status = q.status;
  if (q.vendorId) where.vendorId = q.vendorId;
  return where;
}

/** A page of the caller's SIM cards, searched on ICCID, MSISDN and IMSI, filtered by status and vendor. */
export async function pageSims(auth: AuthContext, q: SimListQuery): Promise<Page<SimRow>> {
  const where = listWhere(q);
  const [rows, total] = await Promise.all([
    auth.db.simCard.findMany({ where, include: simInclude, ...pageArgs(q, SIM_SORTABLE) }),
    auth.db.simCard.count({ where }),
  ]);
  return pageOf(q, rows, total);
}

/** How many of the caller's cards are in each status (the list page's tiles). */
export async function simStats(auth: AuthContext): Promise<SimStats> {
  const rows = await auth.db.simCard.groupBy({ by: ['status'], _count: { _all: true } });
  const stats = Object.fromEntries(SIM_STATUSES.map((s) => [s, 0])) as SimStats;
  for (const row of rows) stats[row.status] = row._count._all;
  return stats;
}

export async function getSim(auth: AuthContext, id: number): Promise<SimRow> {
  return found(await auth.db.simCard.findUnique({ where: { id }, include: simInclude }));
}

/** ICCIDs are unique across the whole platform, whoever holds the card. */
async function checkIccidFree(ctx: AppContext, iccid: string, id?: number) {
  const clash = await ctx.db.simCard.findFirst({
    where: { iccid, NOT: id ? { id } : undefined },
    select: { id: true },
  });
  if (clash) throw conflict(ICCID_EXISTS);
}

async function checkVendor(auth: AuthContext, vendorId: number | null | undefined) {
  if (vendorId == null) return;
  if (!(await auth.db.vendor.findUnique({ where: { id: vendorId }, select: { id: true } })))
    throw badRequest('Unknown vendor');
}

/** The stored fields of an input; a card made active without an activation date is active from now. */
function fields(input: SimInput) {
  const activatedAt = input.activatedAt ? new Date(input.activatedAt) : null;
  return {
    iccid: input.iccid,
    msisdn: input.msisdn,
    imsi: input.imsi,
    status: input.status,
    vendorId: input.vendorId ?? null,
    dataPlan: input.dataPlan,
    activatedAt: activatedAt ?? (input.status === 'ACTIVE' ? new Date() : null),
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
  };
}

export async function createSim(ctx: AppContext, auth: AuthContext, input: SimInput): Promise<SimRow> {
  await checkStockWrite(ctx, auth, 'VIEW_SIMS');
  await checkIccidFree(ctx, input.iccid);
  await checkVendor(auth, input.vendorId);
  const sim = await auth.db.$transaction(async (tx) => {
    const row = await tx.simCard.create({ data: fields(input), include: simInclude });
    await recordSimChange(tx, auth, { simCardId: row.id, action: 'created', toStatus: row.status });
    return row;
  });
  await audit(ctx, {
    action: 'sim.created',
    userId: auth.user.id,
    tenantId: sim.tenantId,
    objectType: 'sim',
    objectId: sim.id,
  });
  return sim;
}

export async function updateSim(ctx: AppContext, auth: AuthContext, id: number, input: SimInput): Promise<SimRow> {
  await checkStockWrite(ctx, auth, 'VIEW_SIMS');
  const current = await getSim(auth, id);
  if (!simTransitionAllowed(current.status, input.status))
    throw badRequest(`A SIM card cannot go from ${current.status} to ${input.status}`);
  if (input.status === 'RETIRED' && current.device)
    throw conflict('Take the SIM card out of its device before retiring it');
  if (input.iccid !== current.iccid) await checkIccidFree(ctx, input.iccid, id);
  await checkVendor(auth, input.vendorId);
  const data = fields(input);
  if (!input.activatedAt && current.activatedAt && input.status !== 'IN_STOCK') data.activatedAt = current.activatedAt;
  const sim = await auth.db.$transaction(async (tx) => {
    const row = await tx.simCard.update({ where: { id }, data, include: simInclude });
    const statusChanged = current.status !== row.status;
    await recordSimChange(tx, auth, {
      simCardId: id,
      action: statusChanged ? 'status' : 'updated',
      fromStatus: current.status,
      toStatus: row.status,
      deviceId: row.device?.id ?? null,
      details: { changed: changedFields(current, row) },
    });
    return row;
  });
  await audit(ctx, {
    action: 'sim.updated',
    userId: auth.user.id,
    tenantId: sim.tenantId,
    objectType: 'sim',
    objectId: id,
  });
  return sim;
}

const TRACKED = ['iccid', 'msisdn', 'imsi', 'status', 'vendorId', 'dataPlan', 'activatedAt', 'expiresAt'] as const;
function changedFields(before: SimCard, after: SimCard): string[] {
  return TRACKED.filter((f) => String(before[f] ?? '') !== String(after[f] ?? ''));
}

/** A card sitting in a device stays until it is taken out. */
export async function deleteSim(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  await checkStockWrite(ctx, auth, 'VIEW_SIMS');
  const sim = await getSim(auth, id);
  if (sim.device) throw conflict('Take the SIM card out of its device before deleting it');
  await auth.db.simCard.delete({ where: { id } });
  await audit(ctx, {
    action: 'sim.deleted',
    userId: auth.user.id,
    tenantId: sim.tenantId,
    objectType: 'sim',
    objectId: id,
  });
}
