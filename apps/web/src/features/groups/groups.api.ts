import { type GroupDto, type GroupInput, groupSchema } from '@waymark/contracts/group';
import { z } from 'zod';
import { http } from '../../api/http';

export const fetchGroups = () => http('/api/groups', { schema: z.array(groupSchema) });

export const createGroup = (input: GroupInput) =>
  http('/api/groups', { method: 'POST', body: input, schema: groupSchema });

/** Traccar clients send the whole group back on PUT. */
export const updateGroup = (group: GroupDto, input: GroupInput) =>
  http(`/api/groups/${group.id}`, { method: 'PUT', body: { ...group, ...input }, schema: groupSchema });

export async function deleteGroup(id: number): Promise<void> {
  await http(`/api/groups/${id}`, { method: 'DELETE' });
}
