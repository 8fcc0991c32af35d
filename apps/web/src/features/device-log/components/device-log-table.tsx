import { Badge, Code, Table, Text } from '@mantine/core';
import type { DeviceLogItem } from '@waymark/contracts/device-log';
import { useTranslation } from 'react-i18next';
import { logTime } from '../device-log-days';

interface Props {
  entries: readonly DeviceLogItem[];
  /** device id -> name, for the device column (shown when the entries may be of several devices) */
  deviceNames?: ReadonlyMap<number, string>;
}

/** The frames as a table: UTC time, direction, protocol and peer, then the data in monospace (hex or text). */
export function DeviceLogTable({ entries, deviceNames }: Props) {
  const { t } = useTranslation('deviceLog');
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing={4} aria-label={t('tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.time')}</Table.Th>
            {deviceNames && <Table.Th>{t('columns.device')}</Table.Th>}
            <Table.Th>{t('columns.direction')}</Table.Th>
            <Table.Th>{t('columns.protocol')}</Table.Th>
            <Table.Th>{t('columns.remote')}</Table.Th>
            <Table.Th>{t('columns.data')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={`${entry.deviceId}:${entry.id}`}>
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {logTime(entry.time)}
              </Table.Td>
              {deviceNames && <Table.Td>{deviceNames.get(entry.deviceId) ?? entry.uniqueId}</Table.Td>}
              <Table.Td>
                <Badge size="sm" variant="light" color={entry.direction === 'in' ? 'blue' : 'teal'}>
                  {t(`direction.${entry.direction}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                {entry.protocol}{' '}
                <Text span size="xs" c="dimmed">
                  {entry.transport}
                </Text>
              </Table.Td>
              <Table.Td ff="monospace">{entry.remoteAddress}</Table.Td>
              <Table.Td>
                <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-encoding={entry.encoding}>
                  {entry.data}
                </Code>
                {entry.truncated && (
                  <Text size="xs" c="dimmed">
                    {t('truncated', { size: entry.size })}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
