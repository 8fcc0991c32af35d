import { Button, Group, Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { SimEvent } from '@waymark/contracts/sim';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../../components/list-state';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { useSimHistoryQuery, useSimQuery } from '../catalogue.queries';
import { SimDeviceCard } from './sim-device-card';
import { SimFormModal } from './sim-form-modal';
import { SimStatusBadge } from './sim-status-badge';
import { useCanWrite } from './use-stock-access';

const time = (iso: string | null, locale: string) =>
  iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) : null;

function Field({ label, value }: { label: string; value: string | null }) {
  const { t } = useTranslation('adminCatalogue');
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text>{value ?? t('none')}</Text>
    </Stack>
  );
}

function HistoryEntry({ event }: { event: SimEvent }) {
  const { t, i18n } = useTranslation('adminCatalogue');
  const status = (s: SimEvent['fromStatus']) => (s ? t(`simStatus.${s}`) : t('none'));
  const what =
    event.action === 'status'
      ? t('history.status', { from: status(event.fromStatus), to: status(event.toStatus) })
      : event.action === 'inserted' || event.action === 'removed'
        ? t(`history.${event.action}`, { device: event.deviceId })
        : t(`history.${event.action}`);
  return (
    <Stack gap={0}>
      <Text size="sm">{what}</Text>
      <Text size="xs" c="dimmed">
        {time(event.at, i18n.language)}
        {event.userName ? ` · ${event.userName}` : ''}
      </Text>
    </Stack>
  );
}

/** One SIM card: its fields, the device it sits in, and its history (newest first). */
export function SimDetails({ id }: { id: number }) {
  const { t, i18n } = useTranslation('adminCatalogue');
  const sim = useSimQuery(id);
  const history = useSimHistoryQuery(id);
  const canWrite = useCanWrite('VIEW_SIMS', false);
  const [editing, setEditing] = useState(false);
  const back = { to: '/admin/sims', label: t('sims.title') };
  if (!sim.data)
    return (
      <Stack>
        <AdminPageHeader title={t('sims.details')} back={back} />
        <ListState
          isPending={sim.isPending}
          isError={sim.isError}
          isEmpty={false}
          loadingLabel={t('loading')}
          errorText={t('sims.loadFailed')}
          emptyText=""
        >
          {() => null}
        </ListState>
      </Stack>
    );
  const card = sim.data;
  const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
  return (
    <Stack gap="md">
      <AdminPageHeader
        back={back}
        title={
          <Group gap="sm">
            <span>{card.iccid}</span>
            <SimStatusBadge status={card.status} />
          </Group>
        }
        actions={
          canWrite ? (
            <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              {t('sims.edit')}
            </Button>
          ) : null
        }
      />
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Field label={t('sims.msisdn')} value={card.msisdn} />
          <Field label={t('sims.imsi')} value={card.imsi} />
          <Field label={t('sims.vendor')} value={card.vendorName} />
          <Field label={t('sims.dataPlan')} value={card.dataPlan} />
          <Field label={t('sims.activatedAt')} value={day(card.activatedAt)} />
          <Field label={t('sims.expiresAt')} value={day(card.expiresAt)} />
          <Field label={t('sims.createdAt')} value={time(card.createdAt, i18n.language)} />
          <Field label={t('sims.updatedAt')} value={time(card.updatedAt, i18n.language)} />
        </SimpleGrid>
      </Paper>
      <SimDeviceCard sim={card} canWrite={canWrite} />
      <Paper withBorder p="md" radius="md">
        <Title order={4} mb="sm">
          {t('history.title')}
        </Title>
        <ListState
          isPending={history.isPending}
          isError={history.isError}
          isEmpty={(history.data ?? []).length === 0}
          loadingLabel={t('loading')}
          errorText={t('history.loadFailed')}
          emptyText={t('history.empty')}
        >
          {() => (
            <Timeline bulletSize={14} lineWidth={2}>
              {(history.data ?? []).map((event) => (
                <Timeline.Item key={event.id}>
                  <HistoryEntry event={event} />
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </ListState>
      </Paper>
      {editing ? <SimFormModal sim={card} onClose={() => setEditing(false)} /> : null}
    </Stack>
  );
}
