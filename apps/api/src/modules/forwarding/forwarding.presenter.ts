import type { Forwarding } from '@waymark/contracts/forwarding';
import type { Forwarding as ForwardingRow } from '@waymark/db/client';

export function presentForwarding(row: ForwardingRow): Forwarding {
  return {
    id: row.id,
    tenantId: row.tenantId,
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
