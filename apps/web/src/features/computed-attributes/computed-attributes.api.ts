import {
  type ComputedAttributeInput,
  computedAttributeSchema,
  computedValueSchema,
} from '@waymark/contracts/computed-attribute';
import { z } from 'zod';
import { http } from '../../api/http';

export const fetchComputedAttributes = () =>
  http('/api/attributes/computed', { schema: z.array(computedAttributeSchema) });

export const createComputedAttribute = (input: ComputedAttributeInput) =>
  http('/api/attributes/computed', { method: 'POST', body: input, schema: computedAttributeSchema });

export const updateComputedAttribute = (id: number, input: ComputedAttributeInput) =>
  http(`/api/attributes/computed/${id}`, { method: 'PUT', body: input, schema: computedAttributeSchema });

export async function deleteComputedAttribute(id: number): Promise<void> {
  await http(`/api/attributes/computed/${id}`, { method: 'DELETE' });
}

export interface ExpressionTest {
  deviceId: number;
  expression: string;
  type: ComputedAttributeInput['type'];
}

/** POST /api/attributes/computed/test: the expression's value on the device's latest position (null: none). */
export const testExpression = ({ deviceId, expression, type }: ExpressionTest) =>
  http(`/api/attributes/computed/test?deviceId=${deviceId}`, {
    method: 'POST',
    body: { expression, type },
    schema: computedValueSchema,
  });
