import type { Device, SimStatus } from '@waymark/db/client';
import type { AppContext } from '../../context';
import type { StockRow } from './stock.presenter';

interface Related {
  id: number;
  modelId: number | null;
  modelName: string | null;
  simId: number | null;
  iccid: string | null;
  simStatus: string | null;
  vendorId: number | null;
  vendorName: string | null;
  tenantId: number | null;
  tenantName: string | null;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  groupId: number | null;
  groupName: string | null;
}

const ref = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

/**
 * The model, SIM card, vendor, tenant, user and group of a page of devices, in one query with joins (Prisma's
 * include asks one query per relation: six round trips a page). It needs only the page's ids, so it runs beside
 * the read of the devices themselves; the ids come from the caller's scoped list, so only rows linked to devices
 * the caller sees are read.
 */
export async function relatedOf(ctx: AppContext, ids: number[]): Promise<Map<number, Related>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.$queryRaw<Related[]>`
    SELECT d.id, m.id AS "modelId", m.name AS "modelName", s.id AS "simId", s.iccid, s.status::text AS "simStatus",
           v.id AS "vendorId", v.name AS "vendorName", t.id AS "tenantId", t.name AS "tenantName",
           u.id AS "userId", u.name AS "userName", u.email AS "userEmail", g.id AS "groupId", g.name AS "groupName"
    FROM devices d
    LEFT JOIN device_models m ON m.id = d."modelId"
    LEFT JOIN sim_cards s ON s.id = d."simCardId"
    LEFT JOIN vendors v ON v.id = d."vendorId"
    LEFT JOIN tenants t ON t.id = d."tenantId"
    LEFT JOIN users u ON u.id = d."userId"
    LEFT JOIN groups g ON g.id = d."groupId"
    WHERE d.id = ANY(${ids}::int[])`;
  return new Map(rows.map((r) => [r.id, r]));
}

/** The devices with their related rows, as the stock presenter takes them. */
export function withRelated(devices: Device[], related: Map<number, Related>): StockRow[] {
  return devices.map((device) => {
    const r = related.get(device.id);
    return {
      ...device,
      model: r ? ref(r.modelId, r.modelName) : null,
      simCard:
        r?.simId != null
          ? { id: r.simId, iccid: r.iccid ?? '', status: (r.simStatus ?? 'INACTIVE') as SimStatus }
          : null,
      vendor: r ? ref(r.vendorId, r.vendorName) : null,
      tenant: r ? ref(r.tenantId, r.tenantName) : null,
      user: r?.userId != null ? { id: r.userId, name: r.userName ?? '', email: r.userEmail ?? '' } : null,
      group: r ? ref(r.groupId, r.groupName) : null,
    };
  });
}
