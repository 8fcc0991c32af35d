import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { Device } from '@waymark/contracts/device';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format/time';
import { DeviceRowActions } from './device-row-actions';
import { DeviceStatusBadge } from './device-status-badge';

interface Props {
  devices: readonly Device[];
  canEdit: boolean;
  onEdit: (device: Device) => void;
  onDelete: (device: Device) => void;
}

/** The device table: name, identifier, status, last update, category and actions. */
export function DeviceTable({ devices, canEdit, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation('devices');
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.name')}</Table.Th>
            <Table.Th>{t('list.identifier')}</Table.Th>
            <Table.Th>{t('list.status')}</Table.Th>
            <Table.Th>{t('list.lastUpdate')}</Table.Th>
            <Table.Th>{t('list.category')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((device) => (
            <Table.Tr key={device.id} data-testid={`device-row-${device.id}`}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {device.name}
                </Text>
                {device.disabled && (
                  <Text size="xs" c="dimmed">
                    {t('list.disabled')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {device.uniqueId}
                </Text>
              </Table.Td>
              <Table.Td>
                <DeviceStatusBadge status={device.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {device.lastUpdate ? formatTime(device.lastUpdate, i18n.language) : t('list.never')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {t(`categories.${device.category ?? 'default'}`, { defaultValue: device.category ?? '' })}
                </Text>
              </Table.Td>
              <Table.Td>
                <DeviceRowActions device={device} canEdit={canEdit} onEdit={onEdit} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
