import { describe, expect, it, vi } from 'vitest';
import { deviceRow, tenantRow } from './tenant-fixtures';
import {
  FAILED_TO_ASSIGN_DEVICE,
  INVALID_GROUP_FOR_DEVICE,
  INVALID_GROUP_FOR_USER,
  resolveAdminDeviceId,
  TenantRuleError,
  toGroupId,
  topLevelTenants,
} from './tenant-rules';

describe('tenant rules', () => {
  it('refuses a group id text longer than 10 characters with the assignment’s message', () => {
    expect(() => toGroupId('12345678901', 'user')).toThrow(INVALID_GROUP_FOR_USER);
    expect(() => toGroupId('12345678901', 'device')).toThrow(INVALID_GROUP_FOR_DEVICE);
    expect(() => toGroupId('12345678901', 'device')).toThrow(TenantRuleError);
    // ten characters are still a group id
    expect(toGroupId('1234567890', 'user')).toBe(1234567890);
  });

  it('reads group ids with parseInt before a call', () => {
    expect(toGroupId('42', 'user')).toBe(42);
    expect(toGroupId('0042', 'device')).toBe(42);
    expect(toGroupId('7abc', 'device')).toBe(7);
    expect(toGroupId(9, 'user')).toBe(9);
    expect(() => toGroupId('abc', 'user')).toThrow(INVALID_GROUP_FOR_USER);
  });

  it('lists only tenants without a parent tenant', () => {
    const rows = [tenantRow({ id: 1 }), tenantRow({ id: 2, parentTenantId: 1 }), tenantRow({ id: 3 })];
    expect(topLevelTenants(rows).map((t) => t.id)).toEqual([1, 3]);
  });

  it('takes the admin device id of the device, else of a fresh load, else fails', async () => {
    const reload = vi.fn(async () => [deviceRow({ id: 5, adminDeviceId: 50 })]);
    expect(await resolveAdminDeviceId(deviceRow({ adminDeviceId: 8 }), reload)).toBe(8);
    expect(reload).not.toHaveBeenCalled();
    expect(await resolveAdminDeviceId({ id: 5 }, reload)).toBe(50);
    expect(reload).toHaveBeenCalledTimes(1);
    await expect(resolveAdminDeviceId({ id: 6, adminDeviceId: null }, reload)).rejects.toThrow(FAILED_TO_ASSIGN_DEVICE);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
