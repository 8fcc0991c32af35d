import type { DeviceLogEntry, DeviceLogPage, DeviceLogQuery } from '@waymark/contracts/device-log';
import { DEVICE_LOG_WINDOW_MS } from '@waymark/contracts/device-log';
import type { Permission } from '@waymark/contracts/permissions';
import type { AppContext } from '../../context';
import { badRequest } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { DEVICE_NOT_FOUND } from '../devices/devices.service';
import { toDeviceLogItem } from './device-log.presenter';

/**
 * Who reads a device's raw messages: those who may see its details. The log holds more than its positions —
 * identifiers, firmware answers, every command sent — so the flag of the device's details page, not the one that
 * lists devices; the socket's live `{"logs": true}` stream asks the same.
 */
export const DEVICE_LOG_PERMISSIONS: Permission[] = ['VIEW_DEVICE_DETAILS'];

const DAY_MS = 86_400_000;
/** entries read from the store at a time while a file is written */
const FILE_CHUNK = 1000;

export interface LogDevice {
  id: number;
  name: string;
  uniqueId: string;
}

/** The device, if the caller sees it (its scoped database): a foreign or missing one is a 404. */
export async function logDevice(auth: AuthContext, id: number): Promise<LogDevice> {
  const device = await auth.db.device.findUnique({ where: { id }, select: { id: true, name: true, uniqueId: true } });
  return found(device, DEVICE_NOT_FOUND);
}

/**
 * The UTC day `date` (default today) as a time range. The log keeps DEVICE_LOG_WINDOW_MS, so only a day that
 * overlaps it (today, and yesterday for its last hours) can have entries; any other is refused, not answered empty.
 */
export function logDay(date: string | undefined, now = Date.now()): { date: string; from: number; to: number } {
  const today = new Date(now).toISOString().slice(0, 10);
  const day = date ?? today;
  const from = Date.parse(`${day}T00:00:00Z`);
  const to = from + DAY_MS;
  if (from > now || to <= now - DEVICE_LOG_WINDOW_MS) {
    const earliest = new Date(now - DEVICE_LOG_WINDOW_MS).toISOString().slice(0, 10);
    const hours = DEVICE_LOG_WINDOW_MS / 3_600_000;
    throw badRequest(
      `The device log keeps the last ${hours} hours only: choose a UTC day from ${earliest} to ${today} (not ${day}).`,
    );
  }
  return { date: day, from, to };
}

/** One page of a visible device's log for a UTC day, oldest first. */
export async function readDeviceLog(
  ctx: AppContext,
  auth: AuthContext,
  deviceId: number,
  query: DeviceLogQuery,
): Promise<DeviceLogPage> {
  const device = await logDevice(auth, deviceId);
  const day = logDay(query.date);
  // one more than asked: whether a next page exists
  const entries = ctx.deviceLog
    ? await ctx.deviceLog.read(device.uniqueId, { ...day, after: query.after, limit: query.limit + 1 })
    : [];
  const page = entries.slice(0, query.limit);
  return {
    date: day.date,
    entries: page.map((entry) => toDeviceLogItem(entry, device.id)),
    next: entries.length > query.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

/** The whole day of a visible device's log, in chunks, for the file download (checked before anything is sent). */
export async function deviceLogDayChunks(
  ctx: AppContext,
  auth: AuthContext,
  deviceId: number,
  date: string | undefined,
): Promise<{ device: LogDevice; date: string; chunks: AsyncIterable<DeviceLogEntry[]> }> {
  const device = await logDevice(auth, deviceId);
  const day = logDay(date);
  const store = ctx.deviceLog;
  async function* chunks() {
    if (!store) return;
    let after: string | undefined;
    for (;;) {
      const entries = await store.read(device.uniqueId, { ...day, after, limit: FILE_CHUNK });
      if (entries.length > 0) yield entries;
      if (entries.length < FILE_CHUNK) return;
      after = entries[entries.length - 1]?.id;
    }
  }
  return { device, date: day.date, chunks: chunks() };
}
