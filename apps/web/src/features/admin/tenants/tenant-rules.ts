import type { Tenant, TenantDevice } from '@waymark/contracts/tenant';

/** The longest group id accepted as text before a call (longer text is not a group id). */
export const GROUP_ID_MAX_LENGTH = 10;

export const INVALID_GROUP_FOR_USER = 'Invalid group ID provided for user assignment';
export const INVALID_GROUP_FOR_DEVICE = 'Invalid group ID provided for device assignment';
export const FAILED_TO_ASSIGN_DEVICE = 'Failed to assign device';

/** A client-side refusal, shown as it is (never sent to the server). */
export class TenantRuleError extends Error {
  override readonly name = 'TenantRuleError';
}

/**
 * The integer group id to send: a text longer than GROUP_ID_MAX_LENGTH is refused with the assignment's message,
 * anything else is read with parseInt (and refused when that gives no positive integer).
 */
export function toGroupId(value: string | number, assignment: 'user' | 'device'): number {
  const message = assignment === 'user' ? INVALID_GROUP_FOR_USER : INVALID_GROUP_FOR_DEVICE;
  if (typeof value === 'string' && value.length > GROUP_ID_MAX_LENGTH) throw new TenantRuleError(message);
  const id = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(value, 10);
  if (!Number.isFinite(id) || id <= 0) throw new TenantRuleError(message);
  return id;
}

/** The tenants the list shows: those at the top (no parent tenant); sub-tenants appear in their parent's detail. */
export function topLevelTenants(tenants: readonly Tenant[]): Tenant[] {
  return tenants.filter((tenant) => tenant.parentTenantId == null);
}

/**
 * The admin device id to assign: the device's own, else the one of the same device in a fresh load of the
 * tenant's devices; still none fails with 'Failed to assign device'.
 */
export async function resolveAdminDeviceId(
  device: Pick<TenantDevice, 'id'> & { adminDeviceId?: number | null },
  reload: () => Promise<readonly TenantDevice[]>,
): Promise<number> {
  if (device.adminDeviceId) return device.adminDeviceId;
  const fresh = (await reload()).find((d) => d.id === device.id || d.trackerDeviceId === device.id);
  if (!fresh?.adminDeviceId) throw new TenantRuleError(FAILED_TO_ASSIGN_DEVICE);
  return fresh.adminDeviceId;
}
