import { z } from 'zod';
import type { Device, Position } from './device';
import { deviceSchema, positionSchema } from './device';
import { logsFrameSchema } from './device-log';
import { eventSchema } from './event';
import { publicDeviceSchema } from './share';

/**
 * The frames of /api/socket (Traccar's live socket): each frame is one JSON object with one key — `positions`,
 * `devices`, `events` or `logs` (only after the client sent `{"logs": true}`, see device-log.ts) — or `{}`, sent
 * every 55 s to keep proxies from closing the connection.
 */

/** Positions as they were stored (on connect: the latest of every visible device). */
export const positionsFrameSchema = z.strictObject({ positions: z.array(positionSchema) });

/** Devices whose status or fields changed. */
export const devicesFrameSchema = z.strictObject({ devices: z.array(deviceSchema) });
export type DevicesFrame = z.infer<typeof devicesFrameSchema>;

/** Events for the signed-in user (those its notification rules send to the web channel). */
export const eventsFrameSchema = z.strictObject({ events: z.array(eventSchema) });

/** The keep-alive. */
export const keepaliveFrameSchema = z.strictObject({});

/** Any frame of a signed-in user's socket. */
export const liveFrameSchema = z.union([
  positionsFrameSchema,
  devicesFrameSchema,
  eventsFrameSchema,
  logsFrameSchema,
  keepaliveFrameSchema,
]);
export type LiveFrame = z.infer<typeof liveFrameSchema>;

/** A share link's devices frame: only the shared device, cut to its public fields. */
export const shareDevicesFrameSchema = z.strictObject({ devices: z.array(publicDeviceSchema) });

/** Any frame of a share link's socket (`/api/socket?share=…`): never events, never another device. */
export const shareFrameSchema = z.union([positionsFrameSchema, shareDevicesFrameSchema, keepaliveFrameSchema]);
export type ShareFrame = z.infer<typeof shareFrameSchema>;

/** The text of a frame (one place that turns a typed frame into what the socket sends). */
export const frameText = (frame: LiveFrame | ShareFrame): string => JSON.stringify(frame);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields a live map keys a position on: which device, which position, where, when. */
function isLivePosition(value: unknown): value is Position {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.deviceId === 'number' &&
    typeof value.latitude === 'number' &&
    typeof value.longitude === 'number' &&
    typeof value.fixTime === 'string' &&
    isRecord(value.attributes)
  );
}

/** The fields a device list keys a device on. */
function isLiveDevice(value: unknown): value is Device {
  return isRecord(value) && typeof value.id === 'number' && typeof value.name === 'string';
}

/**
 * liveFrameSchema as a browser reads it: the frame's envelope strictly (one known key, an array of rows, events
 * in full), the positions and devices only for the fields their consumers key on, typed as the contract's rows.
 * Parsing every row in full costs about 80 ms for the 10,000 positions of a fleet's first frame (twice the
 * JSON.parse of the same text), which the live map cannot spend on each batch; the server builds these rows
 * from the same schemas (presenters typed by them), so the check guards against a wrong frame, not a wrong row.
 */
export const receivedLiveFrameSchema = z.union([
  z.strictObject({ positions: z.array(z.custom<Position>(isLivePosition)) }),
  z.strictObject({ devices: z.array(z.custom<Device>(isLiveDevice)) }),
  eventsFrameSchema,
  logsFrameSchema,
  keepaliveFrameSchema,
]);
