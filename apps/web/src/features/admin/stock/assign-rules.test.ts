import { describe, expect, it } from 'vitest';
import { afterAssign, assignActions, INVALID_GROUP_ID, isAssigned, parseAssignId } from './assign-rules';

const device = { tenantId: null, groupId: null, userId: null, disabled: false };

describe('device assignment rules', () => {
  it('assigning a group clears the user, a user clears the group, a tenant clears both', () => {
    const inTenant = afterAssign(device, 'tenant', 4);
    expect(inTenant).toMatchObject({ tenantId: 4, groupId: null, userId: null });
    const withUser = afterAssign(inTenant, 'user', 9);
    expect(withUser).toMatchObject({ userId: 9, groupId: null });
    const withGroup = afterAssign(withUser, 'group', 3);
    expect(withGroup).toMatchObject({ groupId: 3, userId: null });
    expect(afterAssign(withGroup, 'tenant', 5)).toMatchObject({ tenantId: 5, groupId: null, userId: null });
  });

  it('counts a device as assigned when a group or a user is set', () => {
    expect(isAssigned(device)).toBe(false);
    expect(isAssigned({ groupId: 1, userId: null })).toBe(true);
    expect(isAssigned({ groupId: null, userId: 2 })).toBe(true);
  });

  it('offers group and user only inside a tenant, remove-user only with a user, unassign only when assigned', () => {
    expect(assignActions(device)).toEqual({
      tenant: true,
      group: false,
      user: false,
      removeUser: false,
      unassign: false,
    });
    expect(assignActions({ ...device, tenantId: 1, userId: 2 })).toEqual({
      tenant: true,
      group: true,
      user: true,
      removeUser: true,
      unassign: true,
    });
  });

  it('refuses a group id longer than 10 characters or not a number, as the tenant screens do', () => {
    expect(parseAssignId('12345678901', 'group')).toEqual({ error: INVALID_GROUP_ID });
    expect(parseAssignId('12a', 'group')).toEqual({ error: INVALID_GROUP_ID });
    expect(parseAssignId(' 42 ', 'group')).toBe(42);
    expect(parseAssignId('', 'user')).toEqual({ error: 'required' });
    expect(parseAssignId(7, 'tenant')).toBe(7);
  });
});
