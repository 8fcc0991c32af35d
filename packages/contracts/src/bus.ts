import { z } from 'zod';
import { positionFixSchema, utcTimeSchema } from './position';

/**
 * Messages on the bus between apps/ingest and apps/api (@waymark/bus). Every message is plain JSON so that
 * the in-process bus and Redis streams carry the same thing.
 */

export const transportSchema = z.enum(['tcp', 'udp', 'http']);
export type Transport = z.infer<typeof transportSchema>;

const uniqueId = z.string().min(1).max(128).describe("the device's identifier as it reports it (IMEI, serial)");
const nodeId = z.string().min(1).max(128).describe('id of the ingest node that received the message');

/** Stream `positions` (ingest -> api), partitioned by uniqueId: one decoded position of one device. */
export const positionMessageSchema = positionFixSchema.extend({
  protocol: z.string().min(1).describe("Traccar's protocol name, e.g. osmand, gt06"),
  uniqueId,
  serverTime: utcTimeSchema.describe('time the ingest node received the message'),
  nodeId,
});
export type PositionMessage = z.infer<typeof positionMessageSchema>;

export const deviceStatusEventSchema = z
  .enum(['connected', 'disconnected', 'online'])
  .describe(
    'connected: device identified on a TCP connection; disconnected: that connection closed; online: a ' +
      'connectionless device (UDP, HTTP) reported, sent on its first message and then at most once a minute',
  );
export type DeviceStatusEvent = z.infer<typeof deviceStatusEventSchema>;

/** Stream `device-status` (ingest -> api), partitioned by uniqueId like positions. */
export const deviceStatusMessageSchema = z.object({
  uniqueId,
  event: deviceStatusEventSchema,
  protocol: z.string().min(1),
  transport: transportSchema,
  remoteAddress: z.string().describe('ip:port of the device as the ingest node saw it'),
  time: utcTimeSchema,
  nodeId,
});
export type DeviceStatusMessage = z.infer<typeof deviceStatusMessageSchema>;

/**
 * Channel `commands` (api -> every ingest node): a queued command for one device. The node that holds the
 * device's session encodes and sends it; the others ignore it. Not persisted by the bus: the API keeps its
 * queue and re-sends queued commands when a `connected`/`online` status arrives.
 */
export const commandMessageSchema = z.object({
  id: z.string().min(1).describe("the API's id of the command, echoed in ingest logs"),
  uniqueId,
  type: z.string().min(1).describe("Traccar's command type: custom, positionPeriodic, engineStop, …"),
  attributes: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
    .describe('command parameters in Traccar names: data (custom), frequency (seconds), …'),
  createdAt: utcTimeSchema,
});
export type CommandMessage = z.infer<typeof commandMessageSchema>;

/** Streams that are partitioned by device (uniqueId) and consumed with per-device order. */
export const partitionedTopics = ['positions', 'device-status'] as const;
export type PartitionedTopic = (typeof partitionedTopics)[number];

export const topicMessageSchemas = {
  positions: positionMessageSchema,
  'device-status': deviceStatusMessageSchema,
} as const satisfies Record<PartitionedTopic, z.ZodType>;

export interface TopicMessages {
  positions: PositionMessage;
  'device-status': DeviceStatusMessage;
}
