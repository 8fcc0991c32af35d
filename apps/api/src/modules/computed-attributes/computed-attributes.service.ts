import type { ListQuery } from '@waymark/contracts/common';
import type { ComputedAttributeInput } from '@waymark/contracts/computed-attribute';
import { messages } from '@waymark/contracts/errors';
import type { ComputedAttribute, Prisma } from '@waymark/db/client';
import { compileExpression, convertComputed, evaluateExpression } from '../../computed/evaluate';
import type { AppContext } from '../../context';
import { badRequest } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { latestPositionOf } from '../positions/positions.service';
import { linkedResource, newRowTenant } from '../shared/linked-resources';

const computedAttributes = linkedResource({
  kind: 'attribute',
  model: (db: Prisma.TransactionClient) => db.computedAttribute,
  notFound: 'Computed attribute not found',
  audit: { action: 'computedAttribute', objectType: 'computedAttribute' },
  orderBy: [{ id: 'asc' }],
  links: {
    group: (groupId) => ({ groups: { some: { groupId } } }),
    device: (deviceId) => ({ devices: { some: { deviceId } } }),
    keyword: (keyword) => ({
      OR: [
        { description: { contains: keyword, mode: 'insensitive' } },
        { attribute: { contains: keyword, mode: 'insensitive' } },
      ],
    }),
  },
});

/** The expression compiled, or a 400 carrying the parser's message. */
function checkExpression(expression: string) {
  try {
    return compileExpression(expression);
  } catch (error) {
    throw badRequest(`Invalid expression: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export const listComputedAttributes = (auth: AuthContext, q: ListQuery) => computedAttributes.list(auth, q);
export const getComputedAttribute = computedAttributes.get;
export const deleteComputedAttribute = computedAttributes.remove;

/** A new computed attribute: its expression must compile; priority 0 when absent. */
export async function createComputedAttribute(
  ctx: AppContext,
  auth: AuthContext,
  input: ComputedAttributeInput,
): Promise<ComputedAttribute> {
  checkExpression(input.expression);
  return computedAttributes.create(ctx, auth, {
    tenantId: newRowTenant(auth, input.tenantId),
    description: input.description,
    attribute: input.attribute,
    expression: input.expression,
    type: input.type,
    priority: input.priority ?? 0,
  });
}

/** Changes the fields sent (a new expression must compile); the tenant stays. */
export async function updateComputedAttribute(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: Partial<ComputedAttributeInput>,
): Promise<ComputedAttribute> {
  const current = await computedAttributes.get(auth, id);
  if (input.expression !== undefined) checkExpression(input.expression);
  const { tenantId: _tenant, ...changes } = input;
  return computedAttributes.update(ctx, auth, current.id, changes);
}

/**
 * What an expression gives on a device's latest position, converted to `type` (null when it gives nothing):
 * 404 for a device the caller cannot see, 400 when the device has no position yet or the expression fails.
 */
export async function testExpression(
  auth: AuthContext,
  deviceId: number,
  input: Pick<ComputedAttributeInput, 'expression' | 'type'>,
): Promise<string | number | boolean | null> {
  const expression = checkExpression(input.expression);
  const device = found(await auth.db.device.findUnique({ where: { id: deviceId } }), messages.deviceNotFound);
  const position =
    device.positionId === null
      ? null
      : await auth.db.position.findFirst({ where: latestPositionOf({ ...device, positionId: device.positionId }) });
  if (!position) throw badRequest('The device has no position yet');
  let value: unknown;
  try {
    value = evaluateExpression(expression, {
      ...position,
      attributes: (position.attributes ?? {}) as Record<string, unknown>,
    });
  } catch (error) {
    throw badRequest(`Expression failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return convertComputed(value, input.type) ?? null;
}
