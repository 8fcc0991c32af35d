import type { Page } from '@waymark/contracts/common';
import { dataSchema, pageSchema } from '@waymark/contracts/common';
import { roleSchema } from '@waymark/contracts/role';
import {
  type TenantDevice,
  type TenantGroup,
  type TenantInput,
  type TenantUpdate,
  type TenantUser,
  type TenantUserInput,
  type TenantUserUpdate,
  tenantDeviceSchema,
  tenantGroupSchema,
  tenantSchema,
  tenantUserSchema,
  type UserGroupMapping,
  userGroupMappingSchema,
} from '@waymark/contracts/tenant';
import { z } from 'zod';
import { http, isApiError } from '../../../api/http';
import { queryString } from '../shared/use-page-query';
import { resolveAdminDeviceId, toGroupId } from './tenant-rules';

const V2 = '/api/v2';
type Params = Record<string, string | number | undefined>;

const emptyPage = <T>(params: Params): Page<T> => ({
  content: [],
  page: Number(params.page ?? 0),
  size: Number(params.size ?? 10),
  totalElements: 0,
  totalPages: 0,
});

/** A list call whose 404 means "nothing there": an empty result instead of an error. */
async function orEmpty<T>(call: Promise<T>, empty: T, statuses: readonly number[] = [404]): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && statuses.includes(error.status)) return empty;
    throw error;
  }
}

// ── tenants ──

export const fetchTenants = async (params: Params) =>
  (await http(`${V2}/tenant${queryString(params)}`, { schema: dataSchema(pageSchema(tenantSchema)) })).data;

export const fetchTenant = async (id: number) =>
  (await http(`${V2}/tenant/${id}`, { schema: dataSchema(tenantSchema) })).data;

export const fetchChildren = async (id: number) =>
  (await http(`${V2}/tenant/${id}/children`, { schema: dataSchema(z.array(tenantSchema)) })).data;

export const createTenant = async (input: TenantInput) =>
  (await http(`${V2}/tenant`, { method: 'POST', body: input, schema: dataSchema(tenantSchema) })).data;

export const updateTenant = async (id: number, input: TenantUpdate) =>
  (await http(`${V2}/tenant/${id}`, { method: 'PUT', body: input, schema: dataSchema(tenantSchema) })).data;

export async function deleteTenant(id: number): Promise<void> {
  await http(`${V2}/tenant/${id}`, { method: 'DELETE' });
}

export const setTenantActive = async (id: number, active: boolean) =>
  (
    await http(`${V2}/tenant/${id}/${active ? 'activate' : 'deactivate'}`, {
      method: 'POST',
      schema: dataSchema(tenantSchema),
    })
  ).data;

// ── groups ──

/** A 404 gives an empty list. */
export const fetchTenantGroups = (params: Params & { tenantId: number }) =>
  orEmpty(
    http(`${V2}/tenant/group${queryString(params)}`, { schema: dataSchema(pageSchema(tenantGroupSchema)) }).then(
      (r) => r.data,
    ),
    emptyPage<TenantGroup>(params),
  );

/** A new group sends only its name and the tenant's (owner's) userId. */
export const createTenantGroup = async (tenantId: number, name: string, userId: number) =>
  (
    await http(`${V2}/tenant/${tenantId}/group`, {
      method: 'POST',
      body: { name, userId },
      schema: dataSchema(tenantGroupSchema),
    })
  ).data;

/** A group update sends only the name. */
export const renameTenantGroup = async (tenantId: number, groupId: string | number, name: string) =>
  (
    await http(`${V2}/tenant/${tenantId}/group/${Number.parseInt(String(groupId), 10)}`, {
      method: 'PUT',
      body: { name },
      schema: dataSchema(tenantGroupSchema),
    })
  ).data;

export async function deleteTenantGroup(groupId: number): Promise<void> {
  await http(`${V2}/group/${groupId}`, { method: 'DELETE' });
}

export const setGroupActive = async (groupId: number, active: boolean) =>
  (
    await http(`${V2}/tenant/group/${groupId}/${active ? 'activate' : 'deactivate'}`, {
      method: 'POST',
      schema: dataSchema(tenantGroupSchema),
    })
  ).data;

// ── users ──

/** A 404 gives an empty list. */
export const fetchTenantUsers = (tenantId: number, params: Params) =>
  orEmpty(
    http(`${V2}/tenant/${tenantId}/user${queryString(params)}`, {
      schema: dataSchema(pageSchema(tenantUserSchema)),
    }).then((r) => r.data),
    emptyPage<TenantUser>(params),
  );

export const createTenantUser = async (tenantId: number, input: TenantUserInput) =>
  (await http(`${V2}/tenant/${tenantId}/user`, { method: 'POST', body: input, schema: dataSchema(tenantUserSchema) }))
    .data;

export const updateTenantUser = async (id: number, input: TenantUserUpdate) =>
  (await http(`${V2}/tenant/user/${id}`, { method: 'PUT', body: input, schema: dataSchema(tenantUserSchema) })).data;

export const setUserActive = async (id: number, active: boolean) =>
  (
    await http(`${V2}/tenant/user/${id}/${active ? 'activate' : 'deactivate'}`, {
      method: 'POST',
      schema: dataSchema(tenantUserSchema),
    })
  ).data;

/** The roles a tenant user may get: the tenant's own and the platform-wide ones (the server checks the rest). */
export const fetchAssignableRoles = async (tenantId: number) =>
  (await http(`${V2}/role`, { schema: dataSchema(z.array(roleSchema)) })).data.filter(
    (role) => role.tenantId === tenantId || role.tenantId === null,
  );

/** A 404 or a 500 gives an empty mapping. */
export const fetchUserGroupMapping = (tenantId: number): Promise<UserGroupMapping> =>
  orEmpty(
    http(`${V2}/tenant/${tenantId}/user-group-mapping`, { schema: dataSchema(userGroupMappingSchema) }).then(
      (r) => r.data,
    ),
    {},
    [404, 500],
  );

/** Adds (or removes) a user to a group; the group id is checked and read as an integer first. */
export async function setUserGroup(userId: number, groupId: string | number, member: boolean): Promise<void> {
  const id = toGroupId(groupId, 'user');
  await http(`${V2}/tenant/user/${userId}/group/${id}`, { method: member ? 'POST' : 'DELETE' });
}

// ── devices ──

export const fetchTenantDevices = async (tenantId: number, params: Params) =>
  (
    await http(`${V2}/tenant/${tenantId}/device${queryString(params)}`, {
      schema: dataSchema(pageSchema(tenantDeviceSchema)),
    })
  ).data;

/**
 * Puts a device in a group of the tenant. The group id is checked and read as an integer; a device without
 * its admin device id is looked up again in a fresh load of the tenant's devices first.
 */
export async function assignDeviceToGroup(
  tenantId: number,
  device: Pick<TenantDevice, 'id'> & { adminDeviceId?: number | null },
  groupId: string | number,
  reload: () => Promise<readonly TenantDevice[]>,
) {
  const group = toGroupId(groupId, 'device');
  const adminDeviceId = await resolveAdminDeviceId(device, reload);
  return (
    await http(`${V2}/tenant/${tenantId}/device/${adminDeviceId}/group/${group}`, {
      method: 'POST',
      schema: dataSchema(tenantDeviceSchema),
    })
  ).data;
}

export const unassignDevice = async (tenantId: number, adminDeviceId: number) =>
  (
    await http(`${V2}/tenant/${tenantId}/device/${adminDeviceId}/unassign`, {
      method: 'POST',
      schema: dataSchema(tenantDeviceSchema),
    })
  ).data;

/** Deletes a user (the admin users' call: it needs ADMIN_ACCOUNT or VIEW_USERS). */
export async function deleteUser(id: number): Promise<void> {
  await http(`${V2}/user/${id}`, { method: 'DELETE' });
}
