import type { AppContext } from '../../context';
import { badRequest, conflict } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkStockWrite } from '../catalogue/stock-access';
import { recordSimChange } from './sim-history.service';
import type { SimRow } from './sims.service';
import { getSim, simInclude } from './sims.service';

/**
 * Puts a SIM card in a device (`deviceId`) or takes it out (null). A device holds one card; a card moved from
 * another device leaves that one first. The card goes to the device's tenant. A retired card goes in no device.
 */
export async function setSimDevice(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  deviceId: number | null,
): Promise<SimRow> {
  await checkStockWrite(ctx, auth, 'VIEW_SIMS');
  const sim = await getSim(auth, id);
  if (deviceId === null) {
    if (!sim.device) return sim;
    const from = sim.device.id;
    const row = await auth.db.$transaction(async (tx) => {
      await tx.device.update({ where: { id: from }, data: { simCardId: null } });
      await recordSimChange(tx, auth, { simCardId: id, action: 'removed', deviceId: from });
      return tx.simCard.findUniqueOrThrow({ where: { id }, include: simInclude });
    });
    await audit(ctx, {
      action: 'sim.removed',
      userId: auth.user.id,
      objectType: 'sim',
      objectId: id,
      details: { deviceId: from },
    });
    return row;
  }
  if (sim.device?.id === deviceId) return sim;
  if (sim.status === 'RETIRED') throw badRequest('A retired SIM card cannot be put in a device');
  const device = found(
    await auth.db.device.findUnique({ where: { id: deviceId }, select: { id: true, tenantId: true, simCardId: true } }),
    'Device not found',
  );
  if (device.simCardId !== null) throw conflict('The device already has a SIM card');
  const row = await auth.db.$transaction(async (tx) => {
    if (sim.device) {
      await tx.device.update({ where: { id: sim.device.id }, data: { simCardId: null } });
      await recordSimChange(tx, auth, { simCardId: id, action: 'removed', deviceId: sim.device.id });
    }
    await tx.device.update({ where: { id: deviceId }, data: { simCardId: id } });
    await tx.simCard.update({ where: { id }, data: { tenantId: device.tenantId } });
    await recordSimChange(tx, auth, { simCardId: id, action: 'inserted', deviceId });
    return tx.simCard.findUniqueOrThrow({ where: { id }, include: simInclude });
  });
  await audit(ctx, {
    action: 'sim.inserted',
    userId: auth.user.id,
    tenantId: device.tenantId,
    objectType: 'sim',
    objectId: id,
    details: { deviceId },
  });
  return row;
}
