import { dataSchema } from '@waymark/contracts/common';
import { type DeviceLogPage, deviceLogPageSchema } from '@waymark/contracts/device-log';
import { ApiError, http } from '../../api/http';
import { getAccessToken } from '../../api/token-storage';

const base = (deviceId: number) => `/api/v2/devices/${deviceId}/log`;

/** GET /api/v2/devices/:id/log: one page of the device's frames of a UTC day, oldest first. */
export async function fetchDeviceLog(
  deviceId: number,
  date: string,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<DeviceLogPage> {
  const search = new URLSearchParams({ date, limit: '500' });
  if (after) search.set('after', after);
  const body = await http(`${base(deviceId)}?${search}`, { schema: dataSchema(deviceLogPageSchema), signal });
  return body.data;
}

/** The day's logger file (fetched with the access token, so it cannot be a plain link) and its name. */
export async function fetchDeviceLogFile(deviceId: number, date: string): Promise<{ blob: Blob; name: string }> {
  const token = getAccessToken();
  const res = await fetch(`${base(deviceId)}/file?date=${encodeURIComponent(date)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, body?.message ?? res.statusText, body);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await res.blob(), name: name ?? `device-log-${deviceId}-${date}.log` };
}
