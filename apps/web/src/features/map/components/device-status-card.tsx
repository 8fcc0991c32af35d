import { ActionIcon, Badge, Button, Group, Paper, Stack, Switch, Table, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import type { Device, Position } from '@waymark/contracts/device';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatLatLon } from '../../../lib/format/coordinates';
import { formatSpeed } from '../../../lib/format/units';
import { useShareDeviceMutation } from '../../devices/devices.queries';
import { useHasPermission } from '../../permissions/use-has-permission';
import { STATUS_COLORS } from '../markers/status-colors';
import type { MapPreferences } from '../use-map-preferences';
import { AddressValue } from './address-value';

/** How long a share link made from the map lives. */
const SHARE_HOURS = 24;

interface DeviceStatusCardProps {
  device: Device;
  position: Position | undefined;
  preferences: MapPreferences;
  follow: boolean;
  onFollowChange: (follow: boolean) => void;
  onClose: () => void;
}

/** The selected device: status, speed, address, last update, ignition, battery, driver, and its actions. */
export function DeviceStatusCard({
  device,
  position,
  preferences,
  follow,
  onFollowChange,
  onClose,
}: DeviceStatusCardProps) {
  const { t, i18n } = useTranslation('map');
  const canReplay = useHasPermission(['VIEW_REPLAYS']);
  const canCommand = useHasPermission(['SEND_COMMAND']);
  const canEdit = useHasPermission(['VIEW_DEVICES']);
  const canTrack = useHasPermission(['TRACK_DEVICES']);
  const canGeofence = useHasPermission(['VIEW_GEOFENCES']);
  const share = useShareDeviceMutation();
  const attributes = position?.attributes ?? {};
  const ignition = attributes.ignition;
  const battery = attributes.batteryLevel ?? attributes.battery;
  const driver = attributes.driverUniqueId;
  const lastUpdate = device.lastUpdate ?? position?.fixTime ?? null;

  const onShare = () => {
    const expiration = new Date(Date.now() + SHARE_HOURS * 3600_000).toISOString();
    share.mutate(
      { deviceId: device.id, expiration },
      {
        onSuccess: async (link) => {
          const copied = await navigator.clipboard?.writeText(link.url).then(
            () => true,
            () => false,
          );
          notifications.show({
            color: 'green',
            title: copied ? t('card.shareCopied') : t('card.shareCreated'),
            message: link.url,
          });
        },
        onError: (error) => notifications.show({ color: 'red', title: t('card.shareFailed'), message: error.message }),
      },
    );
  };

  const rows: [string, ReactNode][] = [
    [t('card.speed'), position ? formatSpeed(position.speed, preferences.units.speed) : t('card.none')],
    [t('card.address'), <AddressValue key={position?.id ?? 0} position={position} />],
    [
      t('card.coordinates'),
      position ? formatLatLon(position.latitude, position.longitude, preferences.coordinateFormat) : t('card.none'),
    ],
    [
      t('card.lastUpdate'),
      lastUpdate
        ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(
            new Date(lastUpdate),
          )
        : t('card.never'),
    ],
    [t('card.ignition'), typeof ignition === 'boolean' ? (ignition ? t('card.on') : t('card.off')) : t('card.none')],
    [
      t('card.battery'),
      typeof battery === 'number'
        ? attributes.batteryLevel !== undefined
          ? `${battery} %`
          : `${battery} V`
        : t('card.none'),
    ],
    [t('card.driver'), typeof driver === 'string' && driver ? driver : t('card.none')],
  ];

  return (
    <Paper withBorder p="sm" shadow="sm" aria-label={t('card.label', { name: device.name })} component="section">
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Title order={2} fz="md" lineClamp={1}>
            {device.name}
          </Title>
          <Badge size="sm" color={STATUS_COLORS[device.status]}>
            {t(`status.${device.status}`)}
          </Badge>
        </Group>
        <ActionIcon variant="subtle" onClick={onClose} aria-label={t('card.close')}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%" fw={500} c="dimmed">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs" mt="xs">
        <Switch label={t('card.follow')} checked={follow} onChange={(e) => onFollowChange(e.currentTarget.checked)} />
        <Group gap="xs">
          {canReplay && (
            <Button size="compact-sm" variant="light" component={Link} to={`/replay?deviceId=${device.id}`}>
              {t('card.replay')}
            </Button>
          )}
          {canCommand && (
            <Button size="compact-sm" variant="light" component={Link} to={`/command?deviceId=${device.id}`}>
              {t('card.command')}
            </Button>
          )}
          {canEdit && (
            <Button size="compact-sm" variant="light" component={Link} to={`/devices?edit=${device.id}`}>
              {t('card.edit')}
            </Button>
          )}
          {canTrack && !preferences.shareDisabled && (
            <Button size="compact-sm" variant="light" onClick={onShare} loading={share.isPending}>
              {t('card.share')}
            </Button>
          )}
          {canGeofence && position && (
            <Button
              size="compact-sm"
              variant="light"
              component={Link}
              to={`/geofence?lat=${position.latitude}&lon=${position.longitude}`}
            >
              {t('card.geofence')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
