import { z } from 'zod';
import { refSchema, text } from './common';

/**
 * Forwarding targets (/api/v2/forwarding): where positions and events go as they are stored, in Traccar's
 * forwarding JSON (`{"position", "device"}`, `{"event", "position", "device"}`). Server-wide targets (tenantId
 * null) take every device's; a tenant's take that tenant's devices'.
 */

export const FORWARDING_TYPES = ['webhook', 'mqtt', 'amqp', 'redis'] as const;
export const forwardingTypeSchema = z.enum(FORWARDING_TYPES);
export type ForwardingType = z.infer<typeof forwardingTypeSchema>;

/** The URL schemes each type takes. */
export const FORWARDING_SCHEMES: Record<ForwardingType, readonly string[]> = {
  webhook: ['http:', 'https:'],
  mqtt: ['mqtt:', 'mqtts:', 'ws:', 'wss:'],
  amqp: ['amqp:', 'amqps:'],
  redis: ['redis:', 'rediss:'],
};

/** The most rows one target's outbox keeps; past its queueLimit the oldest are dropped. */
export const FORWARDING_QUEUE_MAX = 10_000_000;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const forwardingInputSchema = z
  .object({
    name: text().trim().min(1, 'Name is required').max(128),
    type: forwardingTypeSchema,
    url: text().trim().min(1, 'URL is required').max(2048),
    topic: text().trim().max(255).default('').describe('MQTT topic, AMQP routing key or Redis stream key'),
    exchange: text().trim().max(255).default('').describe('AMQP exchange ("" is the default exchange)'),
    headers: z
      .record(z.string().regex(HEADER_NAME, 'Header names are HTTP tokens').max(128), text().max(4096))
      .default({})
      .describe('webhook headers, name → value'),
    positions: z.boolean().default(true),
    events: z.boolean().default(false),
    enabled: z.boolean().default(true),
    queueLimit: z.number().int().min(1).max(FORWARDING_QUEUE_MAX).default(1_000_000),
    tenantId: refSchema
      .nullable()
      .optional()
      .describe("the tenant whose devices are forwarded; null: server-wide; absent: the caller's tenant"),
  })
  .superRefine((v, ctx) => {
    let url: URL | null = null;
    try {
      url = new URL(v.url);
    } catch {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'Not a valid URL' });
    }
    if (url && !FORWARDING_SCHEMES[v.type].includes(url.protocol)) {
      const schemes = FORWARDING_SCHEMES[v.type].map((s) => s.replace(':', '://')).join(', ');
      ctx.addIssue({ code: 'custom', path: ['url'], message: `A ${v.type} target's URL starts with ${schemes}` });
    }
    if (v.type !== 'webhook' && !v.topic) {
      const what = { mqtt: 'an MQTT topic', amqp: 'an AMQP routing key', redis: 'a Redis stream key' }[v.type];
      ctx.addIssue({ code: 'custom', path: ['topic'], message: `Give ${what}` });
    }
    if (!v.positions && !v.events) {
      ctx.addIssue({ code: 'custom', path: ['positions'], message: 'Forward positions, events or both' });
    }
  });
export type ForwardingInput = z.infer<typeof forwardingInputSchema>;

export const forwardingSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int().nullable(),
  tenantName: z.string().nullable().describe("the tenant's name; null for a server-wide target"),
  name: z.string(),
  type: forwardingTypeSchema,
  url: z.string(),
  topic: z.string(),
  exchange: z.string(),
  headers: z.record(z.string(), z.string()),
  positions: z.boolean(),
  events: z.boolean(),
  enabled: z.boolean(),
  queueLimit: z.number().int(),
  createdAt: z.string().describe('ISO-8601 UTC'),
  updatedAt: z.string().describe('ISO-8601 UTC'),
});
export type Forwarding = z.infer<typeof forwardingSchema>;

/** GET /api/v2/forwarding/{id}/status: how the target's delivery stands. */
export const forwardingStatusSchema = z.object({
  id: z.number().int(),
  enabled: z.boolean(),
  pending: z.number().int().describe('messages waiting in the outbox'),
  oldestPendingAt: z.string().nullable().describe('ISO-8601 UTC: when the oldest waiting message was queued'),
  delivered: z.number().describe('messages delivered since the target was created'),
  dropped: z.number().describe('messages dropped because the outbox was full (queueLimit)'),
  failures: z.number().int().describe('failed deliveries in a row (0 once one succeeds)'),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable().describe('ISO-8601 UTC'),
  lastDeliveredAt: z.string().nullable().describe('ISO-8601 UTC'),
  nextAttemptAt: z.string().nullable().describe('ISO-8601 UTC: while backing off after a failure'),
});
export type ForwardingStatus = z.infer<typeof forwardingStatusSchema>;
