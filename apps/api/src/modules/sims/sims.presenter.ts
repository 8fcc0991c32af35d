import type { SimCard, SimEvent } from '@waymark/contracts/sim';
import type { SimEventRow } from './sim-history.service';
import type { SimRow } from './sims.service';

export function presentSim(row: SimRow): SimCard {
  return {
    id: row.id,
    iccid: row.iccid,
    msisdn: row.msisdn,
    imsi: row.imsi,
    status: row.status,
    vendorId: row.vendorId,
    vendorName: row.vendor?.name ?? null,
    tenantId: row.tenantId,
    dataPlan: row.dataPlan,
    activatedAt: row.activatedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    device: row.device,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentSimEvent(row: SimEventRow): SimEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action as SimEvent['action'],
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    deviceId: row.deviceId,
    userId: row.userId,
    userName: row.userName,
  };
}
