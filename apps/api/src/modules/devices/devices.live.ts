import type { AppContext } from '../../context';
import { presentDevice } from './devices.presenter';

/**
 * Sends the devices as they are now, in a `{"devices"}` frame, to the sockets that see their tenant (the frame
 * the pipeline sends on a status change): an admin gave them to a tenant, a group or a user, took them away, or
 * switched them off or on, and an open map or device list of the tenant takes them in without a reload.
 * The rows are read again with their model, as the socket's rows carry it, and only while a socket listens.
 * The live protocol has no removal frame: the sockets of a tenant a device left hear nothing (as when a device
 * is deleted) and drop it when they next load their devices. Called after the change is stored; never throws.
 */
export async function publishDevices(ctx: AppContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || !ctx.live.hasListeners()) return;
  try {
    const rows = await ctx.db.device.findMany({ where: { id: { in: [...ids] } }, include: { model: true } });
    ctx.live.publish(rows.map((d) => ({ tenantId: d.tenantId, deviceId: d.id, devices: [presentDevice(d)] })));
  } catch (err) {
    ctx.log.warn({ err }, 'device change not published');
  }
}
