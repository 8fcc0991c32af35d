import { DEVICE_LOG_WINDOW_MS } from '@waymark/contracts/device-log';

const DAY_MS = 86_400_000;

/** The UTC days the device log can hold entries of, newest first: today, and the days its window still reaches. */
export function deviceLogDays(now = Date.now()): string[] {
  const days: string[] = [];
  for (let at = now; at > now - DEVICE_LOG_WINDOW_MS - DAY_MS; at -= DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    const end = Date.parse(`${day}T00:00:00Z`) + DAY_MS;
    if (end > now - DEVICE_LOG_WINDOW_MS) days.push(day);
  }
  return days;
}

/** `YYYY-MM-DD HH:mm:ss.SSS` in UTC: the data report's time (UTC+0, 24-hour). */
export function logTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
}
