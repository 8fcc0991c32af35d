import { Button, Group, Menu, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../reports/reports.api';
import { fetchTrace, TRACE_FORMATS, type TraceFormat } from '../replay.api';

interface Props {
  /** the replayed devices (one trace file each) */
  deviceIds: readonly number[];
  nameOf: (deviceId: number) => string;
  /** the replayed period, ISO-8601 */
  from: string;
  to: string;
}

/**
 * Download the replayed trace as GPX, KML or CSV (the server's track exports, one device a file): with one device a
 * button downloads it; with several, the button opens the list of devices to choose from.
 */
export function ReplayDownloads({ deviceIds, nameOf, from, to }: Props) {
  const { t } = useTranslation('replay');
  const [busy, setBusy] = useState<TraceFormat | null>(null);

  const download = async (format: TraceFormat, deviceId: number) => {
    setBusy(format);
    try {
      saveFile(await fetchTrace(format, deviceId, from, to));
    } catch (error) {
      notifyError(error, t('downloadFailed'));
    } finally {
      setBusy(null);
    }
  };

  const button = (format: TraceFormat, onClick?: () => void) => (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDownload size={14} />}
      disabled={busy !== null && busy !== format}
      loading={busy === format}
      onClick={onClick}
    >
      {t('download', { format: format.toUpperCase() })}
    </Button>
  );

  return (
    <Group gap="xs" aria-label={t('downloads')} role="group">
      <Text size="sm" c="dimmed">
        {t('trace')}
      </Text>
      {TRACE_FORMATS.map((format) => {
        const only = deviceIds.length === 1 ? deviceIds[0] : undefined;
        if (only !== undefined)
          return <Fragment key={format}>{button(format, () => void download(format, only))}</Fragment>;
        return (
          <Menu key={format} position="bottom-end" withinPortal>
            <Menu.Target>{button(format)}</Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('traceOf')}</Menu.Label>
              {deviceIds.map((id) => (
                <Menu.Item key={id} onClick={() => void download(format, id)}>
                  {nameOf(id)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </Group>
  );
}
