import { Anchor, Badge, ScrollArea, Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatTime } from '../../../lib/format/time';
import { useHasPermission } from '../../permissions/use-has-permission';
import { eventTypeLabel } from '../event-label';

export interface EventRow {
  id: number;
  type: string;
  eventTime: string;
  deviceId: number;
  attributes?: Record<string, unknown>;
}

/** Events as rows: time, type, device and a link to the alert's details. */
export function EventsTable({
  events,
  deviceNames,
  label,
}: {
  events: readonly EventRow[];
  deviceNames: ReadonlyMap<number, string>;
  label: string;
}) {
  const { t, i18n } = useTranslation('alerts');
  const canOpenDetails = useHasPermission(['VIEW_ALERT_DETAILS']);
  return (
    <ScrollArea.Autosize mah={480} type="auto">
      <Table striped highlightOnHover aria-label={label} miw={480}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fact.time')}</Table.Th>
            <Table.Th>{t('fact.type')}</Table.Th>
            <Table.Th>{t('fact.device')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('details')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => {
            const alarm = event.attributes?.alarm;
            return (
              <Table.Tr key={event.id} data-testid="alert-row">
                <Table.Td>{formatTime(event.eventTime, i18n.language)}</Table.Td>
                <Table.Td>
                  {eventTypeLabel(t, event.type)}
                  {typeof alarm === 'string' && (
                    <Badge ml="xs" size="xs" color="red" variant="light">
                      {alarm}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{deviceNames.get(event.deviceId) ?? `#${event.deviceId}`}</Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={canOpenDetails ? `/alerts/details?id=${event.id}` : `/event/${event.id}`}
                    size="sm"
                  >
                    {t('details')}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
