import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { POSITION_HISTORY_LIMIT } from '@waymark/contracts/device';
import dayjs from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../../components/state-views';
import { usePageTitle } from '../../../components/use-page-title';
import { replayRange } from '../../../lib/period';
import { useDevicesQuery, usePositionHistoryQuery } from '../../devices/devices.queries';
import { useMapPreferences } from '../../map/use-map-preferences';
import { ReplayFilters, type ReplayFilterValues } from './replay-filters';
import { ReplayPlayer } from './replay-player';

const toDate = (value: string | null) => (value ? dayjs(value).toDate() : null);

function deviceIdOf(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** replay — a device's route over a period, played back on a map (`?deviceId=` preselects the device). */
export function ReplayPanel() {
  const { t } = useTranslation('replay');
  usePageTitle(t('title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const deviceId = deviceIdOf(searchParams.get('deviceId'));
  const [period, setPeriod] = useState<ReplayFilterValues['period']>('today');
  const [custom, setCustom] = useState<ReplayFilterValues['custom']>([null, null]);
  // "now" of the relative periods, taken when the period is chosen so the request stays the same meanwhile
  const [now, setNow] = useState(() => new Date());
  const prefs = useMapPreferences();
  const devices = useDevicesQuery();

  const range = useMemo(() => replayRange(period, now, [toDate(custom[0]), toDate(custom[1])]), [period, now, custom]);
  const params = deviceId && range ? { deviceId, from: range.from.toISOString(), to: range.to.toISOString() } : null;
  const history = usePositionHistoryQuery(params);

  const onFiltersChange = (next: ReplayFilterValues) => {
    if (next.deviceId !== deviceId) {
      setSearchParams(
        (old) => {
          const search = new URLSearchParams(old);
          if (next.deviceId) search.set('deviceId', String(next.deviceId));
          else search.delete('deviceId');
          return search;
        },
        { replace: true },
      );
    }
    if (next.period !== period) setNow(new Date());
    setPeriod(next.period);
    setCustom(next.custom);
  };

  let body: ReactNode;
  if (!deviceId) body = <EmptyState message={t('chooseDevice')} />;
  else if (!range) body = <EmptyState message={t('completeRange')} />;
  else if (history.isPending)
    body = (
      <Center py="xl" role="status" aria-label={t('loading')}>
        <Loader />
      </Center>
    );
  else if (history.isError)
    body = <ErrorState error={history.error} title={t('loadFailed')} onRetry={() => void history.refetch()} />;
  else if (history.data.length === 0) body = <EmptyState message={t('empty')} />;
  else
    body = (
      <Stack gap="sm">
        {history.data.length >= POSITION_HISTORY_LIMIT && (
          <Alert color="yellow">{t('truncated', { count: POSITION_HISTORY_LIMIT })}</Alert>
        )}
        {/* a new route starts playback over */}
        <ReplayPlayer key={`${params?.deviceId}|${params?.from}|${params?.to}`} points={history.data} prefs={prefs} />
      </Stack>
    );

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text size="sm" c="dimmed">
          {t('subtitle')}
        </Text>
      </div>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <ReplayFilters
            value={{ deviceId, period, custom }}
            onChange={onFiltersChange}
            devices={devices.data ?? []}
            devicesLoading={devices.isPending}
          />
          {devices.isError && <ErrorState error={devices.error} title={t('devicesFailed')} />}
        </Stack>
      </Paper>
      {body}
    </Stack>
  );
}
