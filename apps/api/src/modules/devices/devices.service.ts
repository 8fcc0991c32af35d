import type { DeviceInput } from '@waymark/contracts/device';
import { DEVICE_TIME_FIELDS } from '@waymark/contracts/device';
import type { Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { badRequest, forbidden } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';

export const READONLY_MESSAGE = 'Your account may not change devices';
export const ACCOUNT_READONLY_MESSAGE = 'Your account is read-only';

/**
 * Read-only accounts (the user's or the server's `readonly` flag) may look but not change anything beyond their
 * own settings; administrators are never read-only.
 */
export async function checkNotReadonly(ctx: AppContext, auth: AuthContext): Promise<void> {
  if (auth.user.administrator) return;
  if (auth.user.readonly) throw forbidden(ACCOUNT_READONLY_MESSAGE);
  const server = await ctx.db.server.findUnique({ where: { id: 1 }, select: { readonly: true } });
  if (server?.readonly) throw forbidden(ACCOUNT_READONLY_MESSAGE);
}

/** Devices are also closed to `deviceReadonly` accounts (the user's or the server's flag). */
export async function checkDeviceWrite(ctx: AppContext, auth: AuthContext): Promise<void> {
  if (auth.user.administrator) return;
  if (auth.user.readonly || auth.user.deviceReadonly) throw forbidden(READONLY_MESSAGE);
  const server = await ctx.db.server.findUnique({ where: { id: 1 }, select: { readonly: true, deviceReadonly: true } });
  if (server?.readonly || server?.deviceReadonly) throw forbidden(READONLY_MESSAGE);
}

/** A device input as Prisma data: times parsed, the model looked up by name, linked rows checked visible. */
export async function deviceData(
  auth: AuthContext,
  input: Partial<DeviceInput>,
): Promise<Prisma.DeviceUncheckedUpdateInput> {
  const { model, attributes, ...rest } = input;
  const out: Record<string, unknown> = { ...rest };
  for (const key of DEVICE_TIME_FIELDS) {
    const value = input[key];
    if (value !== undefined) out[key] = value ? new Date(value) : null;
  }
  if (attributes !== undefined) out.attributes = attributes as Prisma.InputJsonValue;
  if (model !== undefined) {
    out.modelId = model ? ((await auth.db.deviceModel.findFirst({ where: { name: model } }))?.id ?? null) : null;
  }
  if (input.groupId) found(await auth.db.group.findUnique({ where: { id: input.groupId } }), 'Unknown group');
  if (input.calendarId) {
    found(await auth.db.calendar.findUnique({ where: { id: input.calendarId } }), 'Unknown calendar');
  }
  if (input.vendorId && !(await auth.db.vendor.findUnique({ where: { id: input.vendorId } }))) {
    throw badRequest('Unknown vendor');
  }
  return out as Prisma.DeviceUncheckedUpdateInput;
}
