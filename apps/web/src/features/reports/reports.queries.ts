import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportType } from '@waymark/contracts/report';
import type { z } from 'zod';
import { fetchPositions, fetchReport, fetchReportFile, fetchRoute } from './reports.api';

/** Query keys of the reports feature; every key starts with `reportKeys.all`. */
export const reportKeys = {
  all: ['reports'] as const,
  report: (type: ReportType, query: string) => [...reportKeys.all, 'report', type, query] as const,
  route: (deviceId: number, from: string, to: string) => [...reportKeys.all, 'route', deviceId, from, to] as const,
  positions: (ids: readonly number[]) => [...reportKeys.all, 'positions', ids] as const,
  file: (path: string) => [...reportKeys.all, 'file', path] as const,
};

/** A JSON report; idle while `query` is null (nothing chosen yet, or a period the report does not allow). */
export function useReportQuery<T>(type: ReportType, query: URLSearchParams | null, schema: z.ZodType<T>) {
  const text = query?.toString() ?? '';
  return useQuery({
    queryKey: reportKeys.report(type, text),
    queryFn: () => fetchReport(type, new URLSearchParams(text), schema),
    enabled: query !== null,
  });
}

/** The route of one trip, fetched when the trip is selected. */
export function useTripRouteQuery(trip: { deviceId: number; startTime: string; endTime: string } | null) {
  return useQuery({
    queryKey: reportKeys.route(trip?.deviceId ?? 0, trip?.startTime ?? '', trip?.endTime ?? ''),
    queryFn: () => (trip ? fetchRoute(trip.deviceId, trip.startTime, trip.endTime) : Promise.resolve([])),
    enabled: trip !== null,
  });
}

/** The positions of events, by id (at most what one request carries). */
export function usePositionsQuery(ids: readonly number[]) {
  return useQuery({
    queryKey: reportKeys.positions(ids),
    queryFn: () => fetchPositions(ids),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** A report's PDF for the preview; the blob lives in the cache until the page is left. */
export function useReportFileQuery(path: string | null, fallbackName: string) {
  return useQuery({
    queryKey: reportKeys.file(path ?? ''),
    queryFn: () => fetchReportFile(path ?? '', fallbackName),
    enabled: path !== null,
    gcTime: 0,
  });
}
