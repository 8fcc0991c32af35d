import { dataSchema, pageSchema } from '@waymark/contracts/common';
import { permissionCatalogueSchema } from '@waymark/contracts/permissions';
import { type RoleInput, roleSchema } from '@waymark/contracts/role';
import { type UserInput, userSchema } from '@waymark/contracts/user';
import {
  auditPageSchema,
  impersonationSchema,
  type UserInvite,
  userDetailsSchema,
  userRowSchema,
} from '@waymark/contracts/user-admin';
import { z } from 'zod';
import { http } from '../../../api/http';
import { setAccessToken } from '../../../api/token-storage';
import { queryString } from '../shared/use-page-query';

type Params = Record<string, string | number>;

// roles
export const fetchRoles = async () => (await http('/api/v2/role', { schema: dataSchema(z.array(roleSchema)) })).data;
export const fetchRole = async (id: number) =>
  (await http(`/api/v2/role/${id}`, { schema: dataSchema(roleSchema) })).data;
export const fetchPermissionCatalogue = async () =>
  (await http('/api/v2/role/permissions', { schema: dataSchema(permissionCatalogueSchema) })).data;
export const saveRole = async ({ id, input }: { id?: number; input: RoleInput }) =>
  (
    await http(id ? `/api/v2/role/${id}` : '/api/v2/role', {
      method: id ? 'PUT' : 'POST',
      body: input,
      schema: dataSchema(roleSchema),
    })
  ).data;
export const deleteRole = async (id: number) => {
  await http(`/api/v2/role/${id}`, { method: 'DELETE' });
};

// users
export const fetchUsersPage = async (params: Params) =>
  (await http(`/api/v2/user${queryString(params)}`, { schema: dataSchema(pageSchema(userRowSchema)) })).data;
export const fetchUserDetails = async (id: number) =>
  (await http(`/api/v2/user/${id}/details`, { schema: dataSchema(userDetailsSchema) })).data;
export const fetchUserAudit = async (id: number, page: number) =>
  (await http(`/api/v2/user/${id}/audit${queryString({ page, size: 10 })}`, { schema: dataSchema(auditPageSchema) }))
    .data;
export const inviteUser = async (input: UserInvite) =>
  (await http('/api/v2/user/invite', { method: 'POST', body: input, schema: dataSchema(userSchema) })).data;
export const setUserDisabled = async ({ id, disabled }: { id: number; disabled: boolean }) =>
  (
    await http(`/api/v2/user/${id}/${disabled ? 'disable' : 'enable'}`, {
      method: 'POST',
      schema: dataSchema(userSchema),
    })
  ).data;
export const updateUser = async ({ id, input }: { id: number; input: Partial<UserInput> }) =>
  (await http(`/api/v2/user/${id}`, { method: 'PUT', body: input, schema: dataSchema(userSchema) })).data;
export const revokeSession = async ({ userId, sessionId }: { userId: number; sessionId: string }) => {
  await http(`/api/v2/user/${userId}/sessions/${sessionId}`, { method: 'DELETE' });
};

/**
 * "Connect as user" and back: the server answers with the new session's access token (its refresh token comes
 * as the session cookie); the token is stored, and the caller reloads the app into that session.
 */
export async function impersonateUser(id: number) {
  const { data } = await http(`/api/v2/user/${id}/impersonate`, {
    method: 'POST',
    schema: dataSchema(impersonationSchema),
    credentials: 'include',
  });
  setAccessToken(data.accessToken);
  return data;
}

export async function endImpersonation() {
  const { data } = await http('/api/v2/user/impersonation/end', {
    method: 'POST',
    schema: dataSchema(impersonationSchema),
    credentials: 'include',
  });
  setAccessToken(data.accessToken);
  return data;
}
