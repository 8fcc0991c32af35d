import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { formatTime } from '../../../lib/format/time';
import { useDeviceQuery } from '../../devices/devices.queries';
import { useMapPreferences } from '../../map/use-map-preferences';
import { alertFacts } from '../alert-facts';
import { downloadAlertPdf } from '../alert-pdf';
import { useEventQuery, useGeofenceNameQuery, usePositionQuery } from '../alerts.queries';
import { eventTypeLabel } from '../event-label';
import { EventMap } from './event-map';

/** One alert: the event, its device and position on a map, with a PDF export. */
export function AlertDetails({ eventId }: { eventId: number }) {
  const { t, i18n } = useTranslation('alerts');
  const describeError = useErrorText();
  const preferences = useMapPreferences();
  const event = useEventQuery(eventId);
  const device = useDeviceQuery(event.data?.deviceId);
  const position = usePositionQuery(event.data?.positionId);
  const geofence = useGeofenceNameQuery(event.data?.geofenceId);
  const [exporting, setExporting] = useState(false);

  if (event.isPending) return <Loader aria-label={t('loading')} mx="auto" display="block" />;
  if (event.isError) {
    return (
      <Alert color="red" variant="light" title={t('eventLoadFailed')}>
        {describeError(event.error)}
      </Alert>
    );
  }
  const typeLabel = eventTypeLabel(t, event.data.type);
  const facts = alertFacts({
    event: event.data,
    typeLabel,
    deviceName: device.data?.name,
    geofenceName: geofence.data,
    position: position.data,
    speedUnit: preferences.units.speed,
    coordinateFormat: preferences.coordinateFormat,
    formatTime: (iso) => formatTime(iso, i18n.language),
  });
  const download = async () => {
    setExporting(true);
    try {
      await downloadAlertPdf(eventId);
    } catch {
      notifications.show({ color: 'red', message: t('pdfFailed') });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{typeLabel}</Title>
        <Button leftSection={<IconFileTypePdf size={16} />} onClick={download} loading={exporting} variant="light">
          {t('exportPdf')}
        </Button>
      </Group>
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="dl" m={0}>
          {facts.map((fact) => (
            <div key={fact.key}>
              <Text component="dt" size="xs" c="dimmed">
                {t(`fact.${fact.key}`)}
              </Text>
              <Text component="dd" m={0} data-testid={`alert-${fact.key}`}>
                {fact.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
      {position.isPending && event.data.positionId ? (
        <Loader size="sm" aria-label={t('loading')} />
      ) : position.data ? (
        <EventMap latitude={position.data.latitude} longitude={position.data.longitude} label={typeLabel} />
      ) : (
        <Text size="sm" c="dimmed">
          {position.isError ? describeError(position.error) : t('noPosition')}
        </Text>
      )}
    </Stack>
  );
}
