import type { DeviceAccumulators, DeviceImageType } from '@waymark/contracts/device';
import { DEVICE_IMAGE_TYPES } from '@waymark/contracts/device';
import type { DeviceImage } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { badRequest, HttpError } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { auditDevice, checkDeviceWrite, DEVICE_NOT_FOUND } from './devices.service';
import { sniffImageType } from './image-type';

export const NO_POSITION = 'The device has no position yet';

/** The device the caller sees (404 otherwise), then the check that the caller may change devices. */
async function writableDevice(ctx: AppContext, auth: AuthContext, id: number) {
  const device = found(
    await auth.db.device.findUnique({ where: { id }, select: { id: true, tenantId: true } }),
    DEVICE_NOT_FOUND,
  );
  await checkDeviceWrite(ctx, auth);
  return device;
}

/**
 * Sets the odometer (totalDistance) and engine hours. The pipeline carries both forward from the device's latest
 * position, so they are set there, with the device locked as the pipeline locks it: a position being stored
 * cannot slip in between. A device with no position yet has nothing to set (400).
 */
export async function setAccumulators(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: DeviceAccumulators,
): Promise<void> {
  const device = await writableDevice(ctx, auth, id);
  const { deviceId, totalDistance, hours } = input;
  if (deviceId !== undefined && deviceId !== device.id) throw badRequest('deviceId does not match the device');
  const patch: Record<string, number> = {};
  if (totalDistance !== undefined) patch.totalDistance = totalDistance;
  if (hours !== undefined) patch.hours = hours;
  const updated = await ctx.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ positionId: bigint | null }[]>`
      SELECT "positionId" FROM devices WHERE id = ${device.id} FOR UPDATE`;
    const positionId = rows[0]?.positionId ?? null;
    if (positionId === null) return false;
    // the device's fix time names the month partition that holds the position
    await tx.$executeRaw`
      UPDATE positions SET attributes = (attributes::jsonb || ${JSON.stringify(patch)}::jsonb)::json
       WHERE id = ${positionId}
         AND "fixTime" = COALESCE((SELECT "positionTime" FROM devices WHERE id = ${device.id}), "fixTime")`;
    return true;
  });
  if (!updated) throw badRequest(NO_POSITION);
  await auditDevice(ctx, auth, 'device.accumulators', device, patch);
}

/**
 * Stores the device's picture: `declared` (the request's content type) must be one of the image types, and the
 * file's first bytes must say it is of that type. Returns the type stored.
 */
export async function saveDeviceImage(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  declared: string,
  body: unknown,
): Promise<DeviceImageType> {
  const device = await writableDevice(ctx, auth, id);
  const type = declared as DeviceImageType;
  if (!Buffer.isBuffer(body) || !DEVICE_IMAGE_TYPES.includes(type)) {
    throw new HttpError(415, `Send the image as ${DEVICE_IMAGE_TYPES.join(', ')}`);
  }
  if (body.length === 0) throw badRequest('The image is empty');
  if (sniffImageType(body) !== type) throw badRequest(`The file is not a ${type} image`);
  const data = new Uint8Array(body);
  await auth.db.deviceImage.upsert({
    where: { deviceId: device.id },
    create: { deviceId: device.id, contentType: type, data },
    update: { contentType: type, data },
  });
  await auditDevice(ctx, auth, 'device.image', device);
  return type;
}

/** The picture of a device the caller sees (404 when the device is not seen or has no picture). */
export async function deviceImage(ctx: AppContext, auth: AuthContext, id: number): Promise<DeviceImage> {
  found(await auth.db.device.findUnique({ where: { id }, select: { id: true } }), DEVICE_NOT_FOUND);
  return found(await ctx.db.deviceImage.findUnique({ where: { deviceId: id } }), 'The device has no image');
}
