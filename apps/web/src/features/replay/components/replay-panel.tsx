import { Alert, Stack } from '@mantine/core';
import { REPORT_MAX_ROWS } from '@waymark/contracts/report';
import dayjs from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { ToolPage } from '../../../components/tool-page';
import { replayRange } from '../../../lib/period';
import { useDeviceNames } from '../../devices/devices.queries';
import { useGroupsQuery } from '../../groups/groups.queries';
import { useMapPreferences } from '../../map/use-map-preferences';
import { useHasPermission } from '../../permissions/use-has-permission';
import { useReplayRouteQuery, useReplayStopsQuery, useReplaySummaryQuery } from '../replay.queries';
import { isEmptySelection, readReplaySelection, replayQuery, writeReplaySelection } from '../replay-selection';
import { tracksOf } from '../replay-timeline';
import { ReplayFilters, type ReplayFilterValues } from './replay-filters';
import { ReplayView } from './replay-view';

const toDate = (value: string | null) => (value ? dayjs(value).toDate() : null);

/**
 * replay — the routes of one or several devices, or of groups, over a period, played back together on a map with
 * the trip summary beside it. The URL keeps the selection (`?deviceId=1&deviceId=2&groupId=5`).
 */
export function ReplayPanel() {
  const { t } = useTranslation('replay');
  const [searchParams, setSearchParams] = useSearchParams();
  const selection = useMemo(() => readReplaySelection(searchParams), [searchParams]);
  const [period, setPeriod] = useState<ReplayFilterValues['period']>('today');
  const [custom, setCustom] = useState<ReplayFilterValues['custom']>([null, null]);
  // "now" of the relative periods, taken when the period is chosen so the request stays the same meanwhile
  const [now, setNow] = useState(() => new Date());
  const prefs = useMapPreferences();
  const { devices, nameOf } = useDeviceNames();
  const groups = useGroupsQuery();
  const mayViewSummary = useHasPermission(['VIEW_SUMMARY_REPORTS']);
  const mayViewStops = useHasPermission(['VIEW_STOP_REPORTS']);

  const range = useMemo(() => replayRange(period, now, [toDate(custom[0]), toDate(custom[1])]), [period, now, custom]);
  const query = useMemo(
    () => (!isEmptySelection(selection) && range ? replayQuery(selection, range.from, range.to) : null),
    [selection, range],
  );
  const route = useReplayRouteQuery(query);
  const summary = useReplaySummaryQuery(query, mayViewSummary);
  const stops = useReplayStopsQuery(query, mayViewStops);
  const tracks = useMemo(() => tracksOf(route.data?.rows ?? []), [route.data]);

  const onFiltersChange = (next: ReplayFilterValues) => {
    const chosen = { deviceIds: next.deviceIds, groupIds: next.groupIds };
    if (writeReplaySelection(chosen, searchParams).toString() !== searchParams.toString())
      setSearchParams((old) => writeReplaySelection(chosen, old), { replace: true });
    if (next.period !== period) setNow(new Date());
    setPeriod(next.period);
    setCustom(next.custom);
  };

  let body: ReactNode;
  if (isEmptySelection(selection)) body = <EmptyState message={t('chooseDevice')} />;
  else if (!range || !query) body = <EmptyState message={t('completeRange')} />;
  else if (route.isPending) body = <LoadingState label={t('loading')} />;
  else if (route.isError)
    body = <ErrorState error={route.error} title={t('loadFailed')} onRetry={() => void route.refetch()} />;
  else if (tracks.length === 0) body = <EmptyState message={t('empty')} />;
  else
    body = (
      <Stack gap="sm">
        {route.data.truncated && <Alert color="yellow">{t('truncated', { count: REPORT_MAX_ROWS })}</Alert>}
        {/* a new route starts playback over */}
        <ReplayView
          key={query.toString()}
          tracks={tracks}
          summary={mayViewSummary ? summary : null}
          stops={mayViewStops ? stops : null}
          nameOf={nameOf}
          prefs={prefs}
          from={range.from.toISOString()}
          to={range.to.toISOString()}
        />
      </Stack>
    );

  return (
    <ToolPage
      title={t('title')}
      subtitle={t('subtitle')}
      devicesError={devices.isError ? { error: devices.error, title: t('devicesFailed') } : null}
      filters={
        <ReplayFilters
          value={{ ...selection, period, custom }}
          onChange={onFiltersChange}
          devices={devices.data ?? []}
          groups={groups.data ?? []}
          loading={devices.isPending}
        />
      }
    >
      {body}
    </ToolPage>
  );
}
