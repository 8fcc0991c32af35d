import type { Forwarding } from '@waymark/contracts/forwarding';
import type { Forwarding as ForwardingRow } from '@waymark/db/client';
import type { AuthContext } from '../../plugins/app/auth-context';

/** The targets as the API gives them, each with its tenant's name (read once for the lot). */
export async function presentForwardings(auth: AuthContext, rows: ForwardingRow[]): Promise<Forwarding[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.tenantId === null ? [] : [r.tenantId])))];
  const tenants =
    ids.length === 0
      ? []
      : await auth.db.tenant.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  const names = new Map(tenants.map((t) => [t.id, t.name]));
  return rows.map((row) => presentForwarding(row, row.tenantId === null ? null : (names.get(row.tenantId) ?? null)));
}

function presentForwarding(row: ForwardingRow, tenantName: string | null): Forwarding {
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName,
    name: row.name,
    type: row.type as Forwarding['type'],
    url: row.url,
    topic: row.topic,
    exchange: row.exchange,
    headers: (row.headers ?? {}) as Record<string, string>,
    positions: row.positions,
    events: row.events,
    enabled: row.enabled,
    queueLimit: row.queueLimit,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
