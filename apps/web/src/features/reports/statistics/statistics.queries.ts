import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportKeys } from '../reports.queries';
import { fetchFleetDashboard, fetchServerStatistics } from './statistics.api';

/** The statistics page's keys, under the reports feature's (Show on a report refreshes them too). */
const statisticsKeys = {
  fleet: () => [...reportKeys.all, 'fleet'] as const,
  server: (from: string, to: string) => [...reportKeys.all, 'statistics', from, to] as const,
};

/** The fleet dashboard, refreshed every minute while the page is open ("now" moves). */
export function useFleetDashboardQuery(enabled: boolean) {
  return useQuery({ queryKey: statisticsKeys.fleet(), queryFn: fetchFleetDashboard, enabled, refetchInterval: 60_000 });
}

export function useServerStatisticsQuery(range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: statisticsKeys.server(range?.from ?? '', range?.to ?? ''),
    queryFn: () => fetchServerStatistics(range?.from ?? '', range?.to ?? ''),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
