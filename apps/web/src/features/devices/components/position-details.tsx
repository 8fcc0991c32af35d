import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAntenna, IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { EmptyState, QueryFallback } from '../../../components/state-views';
import { usePageTitle } from '../../../components/use-page-title';
import { useDeviceQuery } from '../devices.queries';
import { usePositionQuery } from '../position.queries';
import { formatAttribute, positionFields } from '../position-values';
import { useDisplayPreferences } from '../use-display-preferences';
import { KeyValueTable } from './key-value-table';

/** position/:id — every field of one position, its attributes and a link to its network details. */
export function PositionDetails() {
  const { t, i18n } = useTranslation('devices');
  usePageTitle(t('position.title'));
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const position = usePositionQuery(id);
  const device = useDeviceQuery(position.data?.deviceId);
  const prefs = useDisplayPreferences();

  const header = (
    <Group justify="space-between">
      <Title order={2}>{t('position.title')}</Title>
      <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
        {t('common.back')}
      </Button>
    </Group>
  );
  if (!position.isSuccess) return <QueryFallback header={header} query={position} />;
  const p = position.data;
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const fields = positionFields(p, prefs, i18n.language, yesNo).map(
    ([key, value]) => [t(`position.fields.${key}`), value] as const,
  );
  const attributes = Object.entries(p.attributes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => [key, formatAttribute(key, value, prefs)] as const);

  return (
    <Stack gap="lg">
      {header}
      <Text>
        {t('position.device')}:{' '}
        {device.data ? (
          <Anchor component={Link} to={`/devices?edit=${p.deviceId}`}>
            {device.data.name}
          </Anchor>
        ) : (
          `#${p.deviceId}`
        )}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            {t('position.details')}
          </Title>
          <KeyValueTable rows={fields} caption={t('position.details')} />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            {t('position.attributes')}
          </Title>
          {attributes.length === 0 ? (
            <EmptyState message={t('position.noAttributes')} />
          ) : (
            <KeyValueTable rows={attributes} caption={t('position.attributes')} />
          )}
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between">
          <Title order={4}>{t('network.title')}</Title>
          {p.network ? (
            <Button component={Link} to={`/network/${p.id}`} variant="light" leftSection={<IconAntenna size={16} />}>
              {t('position.viewNetwork', {
                cells: p.network.cellTowers?.length ?? 0,
                wifi: p.network.wifiAccessPoints?.length ?? 0,
              })}
            </Button>
          ) : (
            <Text c="dimmed">{t('network.none')}</Text>
          )}
        </Group>
      </Paper>
    </Stack>
  );
}
