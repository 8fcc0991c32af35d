import { useQuery } from '@tanstack/react-query';
import { fetchReplayRoute, fetchReplayStops, fetchReplaySummary } from './replay.api';

/** Query keys of the replay feature; every key starts with `replayKeys.all`. */
export const replayKeys = {
  all: ['replay'] as const,
  route: (query: string) => [...replayKeys.all, 'route', query] as const,
  summary: (query: string) => [...replayKeys.all, 'summary', query] as const,
  stops: (query: string) => [...replayKeys.all, 'stops', query] as const,
};

/** The replayed positions; idle while nothing is chosen (query null). */
export function useReplayRouteQuery(query: URLSearchParams | null) {
  const text = query?.toString() ?? '';
  return useQuery({
    queryKey: replayKeys.route(text),
    queryFn: () => fetchReplayRoute(new URLSearchParams(text)),
    enabled: query !== null,
  });
}

/** The summary rows of the replayed period; idle without a query or when the user may not see summaries. */
export function useReplaySummaryQuery(query: URLSearchParams | null, allowed: boolean) {
  const text = query?.toString() ?? '';
  return useQuery({
    queryKey: replayKeys.summary(text),
    queryFn: () => fetchReplaySummary(new URLSearchParams(text)),
    enabled: query !== null && allowed,
  });
}

/** The stops of the replayed period; idle without a query or when the user may not see stops. */
export function useReplayStopsQuery(query: URLSearchParams | null, allowed: boolean) {
  const text = query?.toString() ?? '';
  return useQuery({
    queryKey: replayKeys.stops(text),
    queryFn: () => fetchReplayStops(new URLSearchParams(text)),
    enabled: query !== null && allowed,
  });
}
