import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type DeviceStatus = 'online' | 'offline' | 'unknown';
export const STATUS_COLOR: Record<DeviceStatus, string> = { online: 'teal', offline: 'red', unknown: 'gray' };

/** Connection status as a coloured badge. */
export function DeviceStatusBadge({ status }: { status: DeviceStatus }) {
  const { t } = useTranslation('devices');
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}
