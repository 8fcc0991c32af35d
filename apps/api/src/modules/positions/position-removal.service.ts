import type { AppContext } from '../../context';
import { badRequest } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkDeviceWrite } from '../devices/devices.service';

/**
 * Removes a visible device's positions fixed within [from, to] (Traccar's DELETE /api/positions). Who may change
 * the device may remove its history, as in Traccar: the route's device flags, and not a read-only or
 * device-read-only account or server. Returns how many went.
 */
export async function deletePositions(
  ctx: AppContext,
  auth: AuthContext,
  deviceId: number,
  from: Date,
  to: Date,
): Promise<number> {
  if (from > to) throw badRequest('from must not be after to');
  await checkDeviceWrite(ctx, auth);
  const device = found(await auth.db.device.findUnique({ where: { id: deviceId } }), 'Device not found');
  const { count } = await auth.db.position.deleteMany({ where: { deviceId, fixTime: { gte: from, lte: to } } });
  await afterRemoval(ctx, auth, device.id, device.tenantId, { from: from.toISOString(), to: to.toISOString(), count });
  return count;
}

/** Removes one position of a visible device (Traccar's DELETE /api/positions/{id}), on the same terms. */
export async function deletePosition(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  await checkDeviceWrite(ctx, auth);
  const position = found(
    await auth.db.position.findFirst({
      where: { id: BigInt(id) },
      select: { id: true, fixTime: true, deviceId: true },
    }),
    'Position not found',
  );
  const device = found(await auth.db.device.findUnique({ where: { id: position.deviceId } }), 'Position not found');
  await auth.db.position.deleteMany({ where: { id: position.id, fixTime: position.fixTime } });
  await afterRemoval(ctx, auth, device.id, device.tenantId, { positionId: id, count: 1 });
}

/**
 * What removed history leaves to put right: the device's latest position, when it went, becomes the newest one
 * left (or none); its kept trips, stops and hours are marked to be folded again from what is left (the activity
 * upkeep job does it within a minute: a blank settings key never matches). Audited.
 */
async function afterRemoval(
  ctx: AppContext,
  auth: AuthContext,
  deviceId: number,
  tenantId: number | null,
  details: Record<string, unknown>,
): Promise<void> {
  const device = await ctx.db.device.findUniqueOrThrow({
    where: { id: deviceId },
    select: { positionId: true, positionTime: true },
  });
  if (device.positionId !== null) {
    const latest = await ctx.db.position.findFirst({
      where: { id: device.positionId, deviceId, ...(device.positionTime ? { fixTime: device.positionTime } : {}) },
      select: { id: true },
    });
    if (!latest) {
      const newest = await ctx.db.position.findFirst({
        where: { deviceId },
        orderBy: [{ fixTime: 'desc' }, { id: 'desc' }],
        select: { id: true, fixTime: true },
      });
      await ctx.db.device.update({
        where: { id: deviceId },
        data: { positionId: newest?.id ?? null, positionTime: newest?.fixTime ?? null },
      });
    }
  }
  await ctx.db.deviceActivity.updateMany({ where: { deviceId }, data: { settings: '' } });
  await audit(ctx, {
    action: 'position.deleted',
    userId: auth.user.id,
    tenantId,
    objectType: 'device',
    objectId: deviceId,
    details,
  });
}
