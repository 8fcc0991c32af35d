import { Alert, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLink, IconUnlink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { useDevicesQuery } from '../../devices/devices.queries';
import { useDeviceLinkMutation, useLinkedDeviceIds } from '../geofences.queries';

/** The devices a geofence applies to (POST/DELETE /api/permissions {deviceId, geofenceId}). */
export function GeofenceDevices({ geofenceId }: { geofenceId: number }) {
  const { t } = useTranslation('geofences');
  const describeError = useErrorText();
  const devices = useDevicesQuery();
  const linked = useLinkedDeviceIds(geofenceId, devices.data?.map((d) => d.id) ?? []);
  const link = useDeviceLinkMutation();
  const [choice, setChoice] = useState<string | null>(null);

  const change = (deviceId: number, linkIt: boolean) =>
    link.mutate(
      { deviceId, geofenceId, linked: linkIt },
      {
        onSuccess: () => {
          setChoice(null);
          notifications.show({ color: 'green', message: t(linkIt ? 'deviceLinked' : 'deviceUnlinked') });
        },
        onError: (error) => notifications.show({ color: 'red', title: t('linkFailed'), message: describeError(error) }),
      },
    );

  if (devices.isPending || linked.pending) return <Loader size="sm" aria-label={t('loading')} />;
  if (devices.isError) {
    return (
      <Alert color="red" variant="light" title={t('devicesLoadFailed')}>
        {describeError(devices.error)}
      </Alert>
    );
  }
  const byId = new Map(devices.data.map((d) => [d.id, d]));
  const unlinked = devices.data.filter((d) => !linked.ids.includes(d.id));
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('devicesTitle')}</Text>
      {linked.ids.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noDevices')}
        </Text>
      ) : (
        linked.ids.map((id) => (
          <Group key={id} justify="space-between" wrap="nowrap">
            <Text size="sm">{byId.get(id)?.name}</Text>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              leftSection={<IconUnlink size={14} />}
              onClick={() => change(id, false)}
              aria-label={t('unlinkNamed', { name: byId.get(id)?.name ?? '' })}
            >
              {t('unlink')}
            </Button>
          </Group>
        ))
      )}
      <Group align="flex-end" wrap="nowrap">
        <Select
          flex={1}
          label={t('linkDevice')}
          placeholder={t('chooseDevice')}
          data={unlinked.map((d) => ({ value: String(d.id), label: d.name }))}
          value={choice}
          onChange={setChoice}
          searchable
          nothingFoundMessage={t('noMatch')}
        />
        <Button
          leftSection={<IconLink size={14} />}
          disabled={!choice}
          loading={link.isPending}
          onClick={() => choice && change(Number(choice), true)}
        >
          {t('link')}
        </Button>
      </Group>
    </Stack>
  );
}
