import { z } from 'zod';
import { int4, numeric, refSchema, text } from './common';
import { POSITION_KEYS, type PositionKey } from './device';

export const COMPUTED_TYPES = ['string', 'number', 'boolean'] as const;
export const computedTypeSchema = z.enum(COMPUTED_TYPES);

/** Served position fields that are not scalars: an expression names them only through the attributes. */
const NOT_SCALAR: ReadonlySet<PositionKey> = new Set(['network', 'geofenceIds', 'attributes']);

/** Position fields an expression can name besides the attributes (times as epoch ms); a field wins over an attribute. */
export const EXPRESSION_POSITION_FIELDS = POSITION_KEYS.filter((key) => !NOT_SCALAR.has(key));

/** A computed attribute (Traccar's Attribute): a JEXL expression over a position's fields and attributes. */
export const computedAttributeSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  attribute: z.string().describe('the position attribute it sets'),
  expression: z.string().describe('JEXL, e.g. speed > 50, io200 * 0.1, ignition ? 1 : 0'),
  type: computedTypeSchema,
  priority: z.number().int().describe('higher applies first'),
  tenantId: z.number().int().nullable(),
});
export type ComputedAttributeDto = z.infer<typeof computedAttributeSchema>;

export const computedAttributeInputSchema = z.object({
  description: text().trim().min(1).max(256),
  attribute: text()
    .trim()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'attribute is a name of letters, digits and _'),
  expression: text()
    .trim()
    .min(1)
    .max(1000)
    .describe('checked by the server: 400 with the parse error, or when too costly (a filter inside a filter)'),
  type: computedTypeSchema,
  priority: numeric(int4().min(-1_000_000).max(1_000_000)).optional().describe('0 when absent'),
  tenantId: refSchema.nullish().describe('platform staff only'),
});
export type ComputedAttributeInput = z.infer<typeof computedAttributeInputSchema>;

/** The value POST /api/attributes/computed/test gives: the expression's result, converted to the type. */
export const computedValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
