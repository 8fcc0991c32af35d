import { positionSchema } from '@waymark/contracts/device';
import { reportStopSchema, reportSummarySchema } from '@waymark/contracts/report';
import { fetchReport, fetchReportFile, type ReportFile } from '../reports/reports.api';

/** The trace formats of GET /api/positions/<format> (Traccar's track exports, one device a file). */
export const TRACE_FORMATS = ['gpx', 'kml', 'csv'] as const;
export type TraceFormat = (typeof TRACE_FORMATS)[number];

/** The positions of the chosen devices and groups over the period (device after device; X-Truncated when cut). */
export const fetchReplayRoute = (query: URLSearchParams) => fetchReport('route', query, positionSchema);

/** Each device's summary of the period (distance, moving and idle time, speeds). */
export const fetchReplaySummary = async (query: URLSearchParams) =>
  (await fetchReport('summary', query, reportSummarySchema)).rows;

/** The stops of the period, each with its place and duration. */
export const fetchReplayStops = async (query: URLSearchParams) =>
  (await fetchReport('stops', query, reportStopSchema)).rows;

/** GET /api/positions/<format>?deviceId&from&to: one device's trace over the period. */
export function traceUrl(format: TraceFormat, deviceId: number, from: string, to: string): string {
  return `/api/positions/${format}?${new URLSearchParams({ deviceId: String(deviceId), from, to })}`;
}

/** A device's trace fetched with the session, named as the server's Content-Disposition says. */
export const fetchTrace = (format: TraceFormat, deviceId: number, from: string, to: string): Promise<ReportFile> =>
  fetchReportFile(traceUrl(format, deviceId, from, to), `track-${deviceId}.${format}`);
