import { positionSchema } from '@waymark/contracts/device';
import type { ReportFormat, ReportType } from '@waymark/contracts/report';
import { z } from 'zod';
import { ApiError, CONNECTION_ERROR, messageOf } from '../../api/api-error';
import { http, refreshAccessToken } from '../../api/http';
import { getAccessToken } from '../../api/token-storage';

/**
 * GET /api/reports/<type>[/<format>]?<query>: the JSON report, or its download in `format`; with the browser's time
 * zone, which a daily summary's days and a download's times follow (as the page shows them).
 */
export function reportUrl(type: ReportType, query: URLSearchParams, format?: ReportFormat): string {
  const q = new URLSearchParams(query);
  if (!q.has('timezone')) q.set('timezone', Intl.DateTimeFormat().resolvedOptions().timeZone);
  return `/api/reports/${type}${format ? `/${format}` : ''}?${q}`;
}

/** A GET with the session's Bearer token, refreshed once on 401; a failure throws the server's message. */
async function authorizedGet(path: string, accept: string): Promise<Response> {
  const send = () => {
    const token = getAccessToken();
    return fetch(path, {
      headers: { Accept: accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
    });
  };
  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && (await refreshAccessToken())) response = await send();
  } catch {
    throw new ApiError(0, CONNECTION_ERROR);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the text itself
    }
    throw new ApiError(response.status, messageOf(body, response.status, response.statusText), body);
  }
  return response;
}

export interface ReportRows<T> {
  rows: T[];
  /** the API stopped at its row limit (X-Truncated: true) */
  truncated: boolean;
}

/** A JSON report parsed with its contract's schema. */
export async function fetchReport<T>(
  type: ReportType,
  query: URLSearchParams,
  schema: z.ZodType<T>,
): Promise<ReportRows<T>> {
  const path = reportUrl(type, query);
  const response = await authorizedGet(path, 'application/json');
  const parsed = z.array(schema).safeParse(await response.json());
  if (!parsed.success) throw new ApiError(response.status, `Unexpected response from ${path}`);
  return { rows: parsed.data, truncated: response.headers.get('x-truncated') === 'true' };
}

/** The positions of a device between two times (GET /api/reports/route): a trip's route. */
export async function fetchRoute(deviceId: number, from: string, to: string) {
  const query = new URLSearchParams({ deviceId: String(deviceId), from, to });
  return (await fetchReport('route', query, positionSchema)).rows;
}

/** Stored positions by id (GET /api/positions?id=…): where the events of a report happened. */
export function fetchPositions(ids: readonly number[]) {
  const query = new URLSearchParams();
  for (const id of ids) query.append('id', String(id));
  return http(`/api/positions?${query}`, { schema: z.array(positionSchema) });
}

export interface ReportFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` or `filename="…"`). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) return decodeURIComponent(extended[1].trim());
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

/** A report's document (XLSX, PDF, CSV) fetched with the session, with the name the server gives it. */
export async function fetchReportFile(path: string, fallbackName: string): Promise<ReportFile> {
  const response = await authorizedGet(path, '*/*');
  const blob = await response.blob();
  return { blob, fileName: fileNameOf(response.headers.get('content-disposition')) ?? fallbackName };
}

/** Saves a fetched document as a download under its file name. */
export function saveFile({ blob, fileName }: ReportFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has taken the file once the click is handled; the URL is freed shortly after
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
