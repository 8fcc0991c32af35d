import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { EmptyState, QueryFallback } from '../../../components/state-views';
import { usePageTitle } from '../../../components/use-page-title';
import { usePositionQuery } from '../position.queries';
import { KeyValueTable } from './key-value-table';

const dbm = (value: number | undefined) => (value === undefined ? '—' : `${value} dBm`);

/** network/:id — the cell towers and Wi-Fi access points a position saw. */
export function NetworkDetails() {
  const { t } = useTranslation('devices');
  usePageTitle(t('network.title'));
  const id = Number(useParams().id);
  const position = usePositionQuery(id);
  const header = (
    <Group justify="space-between">
      <Title order={2}>{t('network.title')}</Title>
      <Button component={Link} to={`/position/${id}`} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
        {t('network.backToPosition')}
      </Button>
    </Group>
  );
  if (!position.isSuccess) return <QueryFallback header={header} query={position} />;
  const network = position.data.network;
  if (!network) {
    return (
      <Stack>
        {header}
        <EmptyState message={t('network.none')} />
      </Stack>
    );
  }
  const cells = network.cellTowers ?? [];
  const wifi = network.wifiAccessPoints ?? [];
  return (
    <Stack gap="lg">
      {header}
      <Paper withBorder p="md" radius="md">
        <KeyValueTable
          caption={t('network.title')}
          rows={[
            [t('network.radioType'), network.radioType],
            [t('network.considerIp'), network.considerIp ? t('common.yes') : t('common.no')],
          ]}
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={4} mb="sm">
          {t('network.cellTowers', { count: cells.length })}
        </Title>
        {cells.length === 0 ? (
          <Text c="dimmed">{t('network.noCells')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={t('network.cellTowers', { count: cells.length })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('network.radio')}</Table.Th>
                  <Table.Th>{t('network.mcc')}</Table.Th>
                  <Table.Th>{t('network.mnc')}</Table.Th>
                  <Table.Th>{t('network.lac')}</Table.Th>
                  <Table.Th>{t('network.cellId')}</Table.Th>
                  <Table.Th>{t('network.signal')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cells.map((cell) => (
                  <Table.Tr
                    key={`${cell.mobileCountryCode}-${cell.mobileNetworkCode}-${cell.locationAreaCode}-${cell.cellId}`}
                  >
                    <Table.Td>{cell.radioType ?? network.radioType}</Table.Td>
                    <Table.Td>{cell.mobileCountryCode}</Table.Td>
                    <Table.Td>{cell.mobileNetworkCode}</Table.Td>
                    <Table.Td>{cell.locationAreaCode}</Table.Td>
                    <Table.Td>{cell.cellId}</Table.Td>
                    <Table.Td>{dbm(cell.signalStrength)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={4} mb="sm">
          {t('network.wifi', { count: wifi.length })}
        </Title>
        {wifi.length === 0 ? (
          <Text c="dimmed">{t('network.noWifi')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={400}>
            <Table striped aria-label={t('network.wifi', { count: wifi.length })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('network.mac')}</Table.Th>
                  <Table.Th>{t('network.signal')}</Table.Th>
                  <Table.Th>{t('network.channel')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {wifi.map((ap) => (
                  <Table.Tr key={ap.macAddress}>
                    <Table.Td ff="monospace">{ap.macAddress}</Table.Td>
                    <Table.Td>{dbm(ap.signalStrength)}</Table.Td>
                    <Table.Td>{ap.channel ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
