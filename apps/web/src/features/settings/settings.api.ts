import { roleSchema } from '@waymark/contracts/role';
import { type Server, serverSchema } from '@waymark/contracts/session';
import { type UserInput, userSchema } from '@waymark/contracts/user';
import { z } from 'zod';
import { http } from '../../api/http';

export type UserUpdate = Partial<UserInput>;

export const fetchUsers = () => http('/api/users', { schema: z.array(userSchema) });

export const createUser = (input: UserInput) => http('/api/users', { method: 'POST', body: input, schema: userSchema });

export const updateUser = (id: number, input: UserUpdate) =>
  http(`/api/users/${id}`, { method: 'PUT', body: input, schema: userSchema });

/** POST /api/users/:id/password-link: the user is mailed a link to choose a password (a manager never sets it). */
export async function sendPasswordLink(id: number): Promise<void> {
  await http(`/api/users/${id}/password-link`, { method: 'POST' });
}

export async function deleteUser(id: number): Promise<void> {
  await http(`/api/users/${id}`, { method: 'DELETE' });
}

export const updateServer = (
  input: Partial<Omit<Server, 'id' | 'openIdEnabled' | 'openIdForce' | 'geocoderEnabled' | 'version'>>,
) => http('/api/server', { method: 'PUT', body: input, schema: serverSchema });

/** GET /api/v2/role/user: the roles of the signed-in user. */
export const fetchMyRoles = () =>
  http('/api/v2/role/user', { schema: z.object({ data: z.array(roleSchema) }) }).then((body) => body.data);
