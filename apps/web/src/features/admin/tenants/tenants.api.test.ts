import { describe, expect, it } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { deviceRow, pageOf } from './tenant-fixtures';
import {
  assignDeviceToGroup,
  createTenantGroup,
  fetchTenantDevices,
  fetchTenantGroups,
  fetchTenantUsers,
  fetchUserGroupMapping,
  renameTenantGroup,
  setUserGroup,
} from './tenants.api';

describe('tenant calls', () => {
  it('a 404 on the group or user list gives an empty list; other failures still fail', async () => {
    stubFetch({
      'GET /api/v2/tenant/group': () => json(404, { message: 'Not found' }),
      'GET /api/v2/tenant/3/user': () => json(404, { message: 'Not found' }),
      'GET /api/v2/tenant/4/user': () => json(403, { message: 'Access denied' }),
    });
    expect((await fetchTenantGroups({ tenantId: 3, size: 10 })).content).toEqual([]);
    expect((await fetchTenantUsers(3, { size: 10 })).content).toEqual([]);
    await expect(fetchTenantUsers(4, {})).rejects.toThrow('Access denied');
  });

  it('a 404 or 500 on the user-group mapping gives an empty mapping', async () => {
    stubFetch({
      'GET /api/v2/tenant/1/user-group-mapping': () => json(404, { message: 'Not found' }),
      'GET /api/v2/tenant/2/user-group-mapping': () => json(500, { message: 'Internal server error' }),
      'GET /api/v2/tenant/3/user-group-mapping': () => json(403, { message: 'Access denied' }),
      'GET /api/v2/tenant/4/user-group-mapping': () => json(200, { data: { '7': [{ id: 1, name: 'G' }] } }),
    });
    expect(await fetchUserGroupMapping(1)).toEqual({});
    expect(await fetchUserGroupMapping(2)).toEqual({});
    await expect(fetchUserGroupMapping(3)).rejects.toThrow('Access denied');
    expect(await fetchUserGroupMapping(4)).toEqual({ '7': [{ id: 1, name: 'G' }] });
  });

  it('a group create sends only name and userId, an update only the name', async () => {
    const group = {
      id: 9,
      name: 'G',
      tenantId: 1,
      parentGroupId: 20,
      userId: 10,
      active: true,
      attribute: { userId: 10, parentTenantId: null, isTenant: false, tenantName: 'Acme', isActive: true },
    };
    const fetch = stubFetch({
      'POST /api/v2/tenant/1/group': () => json(200, { data: group }),
      'PUT /api/v2/tenant/1/group/9': () => json(200, { data: group }),
    });
    await createTenantGroup(1, 'G', 10);
    await renameTenantGroup(1, '9', 'G2');
    expect(bodiesOf(fetch, 'POST /api/v2/tenant/1/group')).toEqual([{ name: 'G', userId: 10 }]);
    expect(bodiesOf(fetch, 'PUT /api/v2/tenant/1/group/9')).toEqual([{ name: 'G2' }]);
  });

  it('user assignment: a too-long group id is refused before any call; a good one is sent as an integer', async () => {
    const fetch = stubFetch({ 'POST /api/v2/tenant/user/3/group/12': () => new Response(null, { status: 204 }) });
    await expect(setUserGroup(3, '12345678901', true)).rejects.toThrow('Invalid group ID provided for user assignment');
    expect(fetch).not.toHaveBeenCalled();
    await setUserGroup(3, '012', true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('device assignment: a device without adminDeviceId is looked up in a fresh load, else fails', async () => {
    const assigned = deviceRow({ groupId: 12, groupName: 'G', assigned: true });
    const fetch = stubFetch({
      'GET /api/v2/tenant/1/device': () => json(200, { data: pageOf([deviceRow({ id: 5, adminDeviceId: 5 })], 10) }),
      'POST /api/v2/tenant/1/device/5/group/12': () => json(200, { data: assigned }),
    });
    const reload = async () => (await fetchTenantDevices(1, {})).content;
    await expect(assignDeviceToGroup(1, { id: 5 }, '12345678901', reload)).rejects.toThrow(
      'Invalid group ID provided for device assignment',
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(await assignDeviceToGroup(1, { id: 5 }, '12', reload)).toMatchObject({ groupId: 12, assigned: true });
    expect(bodiesOf(fetch, 'GET /api/v2/tenant/1/device')).toHaveLength(1);
    await expect(assignDeviceToGroup(1, { id: 99 }, '12', reload)).rejects.toThrow('Failed to assign device');
    expect(bodiesOf(fetch, 'POST /api/v2/tenant/1/device/5/group/12')).toHaveLength(1);
  });
});
