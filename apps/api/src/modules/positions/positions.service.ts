import type { Position } from '@waymark/contracts/device';
import { POSITION_HISTORY_LIMIT } from '@waymark/contracts/device';
import { badRequest } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { presentPosition } from './positions.presenter';

const DEVICE_NOT_FOUND = 'Device not found';

/**
 * Where a device's latest position is: its id, and its fix time, which names the one month partition that holds
 * it (positions are partitioned by fixTime; without it every month's index is searched).
 */
export const latestPositionOf = (device: { id: number; positionId: bigint; positionTime: Date | null }) => ({
  id: device.positionId,
  deviceId: device.id,
  ...(device.positionTime ? { fixTime: device.positionTime } : {}),
});

/** The latest position of every device the caller sees (devices that never reported have none). */
export async function latestPositions(auth: AuthContext): Promise<Position[]> {
  const devices = await auth.db.device.findMany({
    where: { positionId: { not: null } },
    select: { positionId: true, positionTime: true },
  });
  const ids = devices.map((d) => d.positionId as bigint);
  if (!ids.length) return [];
  // the fix times limit the search to the months that hold the positions
  const times = devices.every((d) => d.positionTime)
    ? { fixTime: { in: devices.map((d) => d.positionTime as Date) } }
    : {};
  return (await auth.db.position.findMany({ where: { id: { in: ids }, ...times } })).map(presentPosition);
}

/** The given positions, those of devices the caller sees. */
export async function positionsById(auth: AuthContext, ids: readonly number[]): Promise<Position[]> {
  const rows = await auth.db.position.findMany({ where: { id: { in: ids.map(BigInt) } } });
  return rows.map(presentPosition);
}

/**
 * One visible device's positions: its latest without a period, otherwise those fixed within [from, to] in fix
 * time order (at most POSITION_HISTORY_LIMIT). An unknown or hidden device is not found; from after to is refused.
 */
export async function devicePositions(
  auth: AuthContext,
  deviceId: number,
  period: { from?: string; to?: string },
): Promise<Position[]> {
  const device = found(
    await auth.db.device.findUnique({
      where: { id: deviceId },
      select: { id: true, positionId: true, positionTime: true },
    }),
    DEVICE_NOT_FOUND,
  );
  const { from, to } = period;
  if (!from || !to) {
    if (!device.positionId) return [];
    const where = latestPositionOf({ ...device, positionId: device.positionId });
    return (await auth.db.position.findMany({ where })).map(presentPosition);
  }
  if (new Date(from) > new Date(to)) throw badRequest('from must not be after to');
  const rows = await auth.db.position.findMany({
    where: { deviceId, fixTime: { gte: new Date(from), lte: new Date(to) } },
    orderBy: [{ fixTime: 'asc' }, { id: 'asc' }],
    take: POSITION_HISTORY_LIMIT,
  });
  return rows.map(presentPosition);
}
