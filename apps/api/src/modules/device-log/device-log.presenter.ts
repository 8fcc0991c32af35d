import type { DeviceLogEntry, DeviceLogItem } from '@waymark/contracts/device-log';

/** A stored entry as the API returns it: with the device's id. */
export function toDeviceLogItem(entry: DeviceLogEntry, deviceId: number): DeviceLogItem {
  return {
    id: entry.id,
    deviceId,
    time: entry.time,
    direction: entry.direction,
    protocol: entry.protocol,
    transport: entry.transport,
    remoteAddress: entry.remoteAddress,
    uniqueId: entry.uniqueId,
    encoding: entry.encoding,
    data: entry.data,
    size: entry.size,
    ...(entry.truncated ? { truncated: true } : {}),
  };
}

/** Text data on one line: the characters that would break it (and the escape itself) written as escapes. */
const escapeLine = (text: string) =>
  text.replace(/[\\\r\n\t]/g, (c) => ({ '\\': '\\\\', '\r': '\\r', '\n': '\\n', '\t': '\\t' })[c] ?? c);

/**
 * One line of the logger file, in the manner of Traccar's log: `YYYY-MM-DD HH:mm:ss.SSS` (UTC), then
 * `[protocol < remote]` for a frame from the device or `[protocol > remote]` for one sent to it, the transport,
 * then the data (hex, or `text:` and the text with its line breaks escaped).
 */
export function logFileLine(entry: DeviceLogEntry): string {
  const time = `${entry.time.slice(0, 10)} ${entry.time.slice(11, 23)}`;
  const arrow = entry.direction === 'in' ? '<' : '>';
  const data = entry.encoding === 'hex' ? entry.data : `text:${escapeLine(entry.data)}`;
  const cut = entry.truncated
    ? ` (first ${entry.data.length / (entry.encoding === 'hex' ? 2 : 1)} of ${entry.size} bytes)`
    : '';
  return `${time} [${entry.protocol} ${arrow} ${entry.remoteAddress}] ${entry.transport} ${data}${cut}\n`;
}

/** The file's first line: which device and day. */
export function logFileHeader(device: { name: string; uniqueId: string }, date: string): string {
  return `# Waymark device log of ${escapeLine(device.name)} (${escapeLine(device.uniqueId)}), ${date} UTC+0\n`;
}

/** A download name made of safe characters only. */
export function logFileName(uniqueId: string, date: string): string {
  return `device-log-${uniqueId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64)}-${date}.log`;
}
