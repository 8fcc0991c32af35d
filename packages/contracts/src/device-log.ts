import { z } from 'zod';
import { idSchema } from './common';

/**
 * The device log (Traccar's "data report" / logger file): every raw frame a device sent and every byte string the
 * ingest sent back (acks, commands), kept per device for a bounded window. The ingest writes it, the API reads it
 * (a UTC day as JSON or as a text file) and streams new entries to sockets that asked with `{"logs": true}`.
 */

/** How long the log keeps a device's frames: the data report covers a UTC day, so at least today is whole. */
export const DEVICE_LOG_WINDOW_MS = 24 * 3_600_000;
/** A frame longer than this is kept cut to its first bytes (`truncated`), so one odd frame cannot fill the log. */
export const DEVICE_LOG_MAX_FRAME_BYTES = 4096;

/**
 * A stored frame: its id in the store (`<ms>-<seq>`, or `<ms>-<seq>:<k>` for the k-th frame of entry written
 * together; increasing per device, a paging cursor) and its fields.
 */
export const deviceLogEntrySchema = z.object({
  id: z.string().regex(/^\d+-\d+(:\d+)?$/),
  time: z.iso.datetime().describe('when the ingest received or sent the frame (UTC)'),
  direction: z.enum(['in', 'out']).describe('in: sent by the device; out: sent to it (ack, command)'),
  protocol: z.string().max(64),
  transport: z.enum(['tcp', 'udp', 'http']),
  remoteAddress: z.string().max(128).describe('the peer, ip:port'),
  uniqueId: z.string().min(1).max(128).describe("the device's identifier as it reports it"),
  encoding: z.enum(['hex', 'text']).describe('text when every byte is printable ASCII (or CR, LF, tab), else hex'),
  data: z.string().max(2 * DEVICE_LOG_MAX_FRAME_BYTES),
  size: z.number().int().nonnegative().describe('the frame length in bytes, before any cut'),
  truncated: z.boolean().optional(),
});
export type DeviceLogEntry = z.infer<typeof deviceLogEntrySchema>;

/** An entry as the API returns it: with the id of the device it belongs to. */
export const deviceLogItemSchema = deviceLogEntrySchema.extend({ deviceId: z.number().int().positive() });
export type DeviceLogItem = z.infer<typeof deviceLogItemSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (value: string) => {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value;
};

/** Most entries one page of `GET /api/v2/devices/{id}/log` returns. */
export const DEVICE_LOG_PAGE_MAX = 2000;

export const deviceLogParamsSchema = z.object({ id: idSchema });

/** The day of the log: a UTC calendar day (the data report's times are UTC+0). */
export const deviceLogDaySchema = z
  .string()
  .regex(DATE, { message: 'date must be YYYY-MM-DD', abort: true })
  .refine(realDate, 'date is not a calendar day')
  .optional()
  .describe('the UTC day, YYYY-MM-DD (default: today, UTC)');

export const deviceLogQuerySchema = z.object({
  date: deviceLogDaySchema,
  after: z
    .string()
    .regex(/^\d{1,15}-\d{1,15}(:\d{1,6})?$/, 'after must be an entry id')
    .optional()
    .describe("the id of the last entry of the previous page (the response's `next`)"),
  limit: z.coerce.number().int().min(1).max(DEVICE_LOG_PAGE_MAX).default(500),
});
export type DeviceLogQuery = z.infer<typeof deviceLogQuerySchema>;

export const deviceLogFileQuerySchema = z.object({ date: deviceLogDaySchema });

/** One page of a device's log, oldest first; `next` is the cursor of the following page, null at the end. */
export const deviceLogPageSchema = z.object({
  date: z.string(),
  entries: z.array(deviceLogItemSchema),
  next: z.string().nullable(),
});
export type DeviceLogPage = z.infer<typeof deviceLogPageSchema>;

/** A socket client's request (Traccar's): `{"logs": true}` starts the live log, `{"logs": false}` stops it. */
export const socketLogsRequestSchema = z.strictObject({ logs: z.boolean() });

/** The socket's live log frame: new entries of devices the client sees (Traccar's `{"logs": [...]}`). */
export const logsFrameSchema = z.strictObject({ logs: z.array(deviceLogItemSchema) });
