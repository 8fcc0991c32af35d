import type { ComputedAttributeDto } from '@waymark/contracts/computed-attribute';
import type { ComputedAttribute } from '@waymark/db/client';

const TYPES = new Set(['string', 'number', 'boolean']);

export function presentComputedAttribute(row: ComputedAttribute): ComputedAttributeDto {
  return {
    id: row.id,
    description: row.description,
    attribute: row.attribute,
    expression: row.expression,
    type: (TYPES.has(row.type) ? row.type : 'string') as ComputedAttributeDto['type'],
    priority: row.priority,
    tenantId: row.tenantId,
  };
}
