import { dataSchema } from '@waymark/contracts/common';
import {
  type Forwarding,
  type ForwardingInput,
  forwardingSchema,
  forwardingStatusSchema,
} from '@waymark/contracts/forwarding';
import { z } from 'zod';
import { http } from '../../../api/http';

const one = dataSchema(forwardingSchema);

export const fetchForwarding = async () =>
  (await http('/api/v2/forwarding', { schema: dataSchema(z.array(forwardingSchema)) })).data;

export const fetchForwardingStatus = async (id: number) =>
  (await http(`/api/v2/forwarding/${id}/status`, { schema: dataSchema(forwardingStatusSchema) })).data;

/** POST without an id, PUT with one (the whole target: PUT replaces it). */
export const saveForwarding = async ({ id, input }: { id?: number; input: ForwardingInput }) =>
  (
    await http(id === undefined ? '/api/v2/forwarding' : `/api/v2/forwarding/${id}`, {
      method: id === undefined ? 'POST' : 'PUT',
      body: input,
      schema: one,
    })
  ).data;

export async function deleteForwarding(id: number): Promise<void> {
  await http(`/api/v2/forwarding/${id}`, { method: 'DELETE' });
}

/** The PUT body that keeps a target as it is but for `enabled` (its scope stays: no tenantId). */
export function toggledInput(target: Forwarding, enabled: boolean): ForwardingInput {
  const { name, type, url, topic, exchange, headers, positions, events, queueLimit } = target;
  return { name, type, url, topic, exchange, headers, positions, events, queueLimit, enabled };
}
