import { describe, expect, it } from 'vitest';
import { isAssigned, stockStatusOf, withStatus } from './stock-rules';

const base = { disabled: false, tenantId: null, groupId: null, userId: null, modelId: null, simCardId: null };

describe('stock status', () => {
  it('is IN_STOCK, READY once model and SIM are set, UN_ASSIGNED in a tenant, ASSIGNED with a group or user', () => {
    expect(stockStatusOf(base)).toBe('IN_STOCK');
    expect(stockStatusOf({ ...base, modelId: 1 })).toBe('IN_STOCK');
    expect(stockStatusOf({ ...base, modelId: 1, simCardId: 2 })).toBe('READY');
    expect(stockStatusOf({ ...base, modelId: 1, simCardId: 2, tenantId: 3 })).toBe('UN_ASSIGNED');
    expect(stockStatusOf({ ...base, tenantId: 3, groupId: 4 })).toBe('ASSIGNED');
    expect(stockStatusOf({ ...base, tenantId: 3, userId: 5 })).toBe('ASSIGNED');
  });

  it('is DISABLED whatever else holds', () => {
    expect(stockStatusOf({ ...base, tenantId: 3, groupId: 4, disabled: true })).toBe('DISABLED');
  });

  it('counts a device as assigned when a group or a user is set', () => {
    expect(isAssigned({ groupId: null, userId: null })).toBe(false);
    expect(isAssigned({ groupId: 1, userId: null })).toBe(true);
    expect(isAssigned({ groupId: null, userId: 1 })).toBe(true);
  });

  it('recomputes the status of a change from the facts it leaves', () => {
    const device = { ...base, tenantId: 3, groupId: 4 };
    expect(withStatus(device, { groupId: null })).toEqual({ groupId: null, stockStatus: 'UN_ASSIGNED' });
    expect(withStatus(device, { disabled: true })).toEqual({ disabled: true, stockStatus: 'DISABLED' });
  });
});
