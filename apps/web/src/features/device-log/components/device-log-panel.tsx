import { Button, Center, Group, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { ToolPage } from '../../../components/tool-page';
import { notifyError } from '../../../lib/notify';
import { useDeviceNames } from '../../devices/devices.queries';
import { fetchDeviceLogFile } from '../device-log.api';
import { useDeviceLogQuery } from '../device-log.queries';
import { deviceLogDays } from '../device-log-days';
import { useLiveLog } from '../use-live-log';
import { DeviceLogTable } from './device-log-table';

function deviceIdOf(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Offers a blob to the browser as a file download. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * The data report (logger file): a device's raw frames of a UTC day (`?deviceId=` preselects it) with a download
 * of the day's file, or — Live on — the frames as they arrive, of the device or of every visible device.
 */
export function DeviceLogPanel() {
  const { t } = useTranslation('deviceLog');
  const [searchParams, setSearchParams] = useSearchParams();
  const deviceId = deviceIdOf(searchParams.get('deviceId'));
  const days = useMemo(() => deviceLogDays(), []);
  const [date, setDate] = useState(days[0] ?? '');
  const [live, setLive] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const { devices, names } = useDeviceNames();
  const day = useDeviceLogQuery(live ? null : deviceId, date);
  const liveEntries = useLiveLog(live, deviceId);

  const pickDevice = (id: string | null) =>
    setSearchParams(
      (old) => {
        const search = new URLSearchParams(old);
        if (id) search.set('deviceId', id);
        else search.delete('deviceId');
        return search;
      },
      { replace: true },
    );

  const download = async () => {
    if (!deviceId) return;
    setDownloading(true);
    try {
      const file = await fetchDeviceLogFile(deviceId, date);
      save(file.blob, file.name);
    } catch (error) {
      notifyError(error, t('downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  let body: ReactNode;
  if (live) {
    body =
      liveEntries.length === 0 ? (
        <EmptyState message={t('liveWaiting')} />
      ) : (
        <DeviceLogTable entries={liveEntries} deviceNames={deviceId == null ? names : undefined} />
      );
  } else if (!deviceId) body = <EmptyState message={t('chooseDevice')} />;
  else if (day.isPending) body = <LoadingState label={t('loading')} />;
  else if (day.isError)
    body = <ErrorState error={day.error} title={t('loadFailed')} onRetry={() => void day.refetch()} />;
  else {
    const entries = day.data.pages.flatMap((page) => page.entries);
    body =
      entries.length === 0 ? (
        <EmptyState message={t('empty', { date })} />
      ) : (
        <Stack gap="sm">
          <DeviceLogTable entries={entries} />
          {day.hasNextPage && (
            <Center>
              <Button variant="default" loading={day.isFetchingNextPage} onClick={() => void day.fetchNextPage()}>
                {t('more')}
              </Button>
            </Center>
          )}
        </Stack>
      );
  }

  return (
    <ToolPage
      title={t('title')}
      subtitle={t('subtitle')}
      devicesError={devices.isError ? { error: devices.error, title: t('devicesFailed') } : null}
      filters={
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('device')}
              placeholder={live ? t('allDevices') : t('devicePlaceholder')}
              data={(devices.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
              value={deviceId == null ? null : String(deviceId)}
              onChange={pickDevice}
              searchable
              clearable
              nothingFoundMessage={t('noMatch')}
              disabled={devices.isPending}
            />
            <Select
              label={t('date')}
              description={t('dateHint')}
              data={days.map((d) => ({ value: d, label: d }))}
              value={date}
              onChange={(value) => value && setDate(value)}
              allowDeselect={false}
              disabled={live}
            />
          </SimpleGrid>
          <Group justify="space-between">
            <Switch label={t('live')} checked={live} onChange={(e) => setLive(e.currentTarget.checked)} />
            <Button
              leftSection={<IconDownload size={16} />}
              variant="light"
              onClick={() => void download()}
              loading={downloading}
              disabled={!deviceId}
            >
              {t('download')}
            </Button>
          </Group>
        </>
      }
    >
      {body}
    </ToolPage>
  );
}
