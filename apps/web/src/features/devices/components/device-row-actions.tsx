import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconCurrentLocation, IconEdit, IconFileText, IconRadar, IconTerminal2, IconTrash } from '@tabler/icons-react';
import type { Device } from '@waymark/contracts/device';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useHasPermission } from '../../permissions/use-has-permission';

interface Props {
  device: Device;
  canEdit: boolean;
  onEdit: (device: Device) => void;
  onDelete: (device: Device) => void;
}

function Action({
  label,
  children,
  to,
  onClick,
  color,
}: {
  label: string;
  children: ReactNode;
  to?: string;
  onClick?: () => void;
  color?: string;
}) {
  return (
    <Tooltip label={label}>
      {to ? (
        <ActionIcon component={Link} to={to} variant="subtle" aria-label={label} color={color}>
          {children}
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" aria-label={label} onClick={onClick} color={color}>
          {children}
        </ActionIcon>
      )}
    </Tooltip>
  );
}

/** Per-device actions the user's permissions allow. */
export function DeviceRowActions({ device, canEdit, onEdit, onDelete }: Props) {
  const { t } = useTranslation('devices');
  const canTrack = useHasPermission(['TRACK_DEVICES']);
  const canCommand = useHasPermission(['SEND_COMMAND']);
  const canReadLog = useHasPermission(['VIEW_DEVICE_DETAILS']);
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {canTrack && (
        <Action label={t('actions.track', { name: device.name })} to={`/devices/track/${device.id}`}>
          <IconCurrentLocation size={18} />
        </Action>
      )}
      <Action label={t('actions.radar', { name: device.name })} to={`/radar/${device.id}`}>
        <IconRadar size={18} />
      </Action>
      {canCommand && (
        <Action label={t('actions.command', { name: device.name })} to={`/command?deviceId=${device.id}`}>
          <IconTerminal2 size={18} />
        </Action>
      )}
      {canReadLog && (
        <Action label={t('actions.dataReport', { name: device.name })} to={`/report/logs?deviceId=${device.id}`}>
          <IconFileText size={18} />
        </Action>
      )}
      {canEdit && (
        <>
          <Action label={t('actions.edit', { name: device.name })} onClick={() => onEdit(device)}>
            <IconEdit size={18} />
          </Action>
          <Action label={t('actions.delete', { name: device.name })} onClick={() => onDelete(device)} color="red">
            <IconTrash size={18} />
          </Action>
        </>
      )}
    </Group>
  );
}
