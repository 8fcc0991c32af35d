import type { MaintenanceDto } from '@waymark/contracts/maintenance';
import type { Maintenance } from '@waymark/db/client';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function presentMaintenance(row: Maintenance): MaintenanceDto {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    start: row.start,
    period: row.period,
    lastTime: iso(row.lastTime),
    nextTime: iso(row.nextTime),
    tenantId: row.tenantId,
    attributes: (row.attributes ?? {}) as Record<string, unknown>,
  };
}
