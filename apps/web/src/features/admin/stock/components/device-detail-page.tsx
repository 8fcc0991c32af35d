import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { StockDeviceDetail } from '@waymark/contracts/stock-device';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ListState } from '../../../../components/list-state';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { type AssignTarget, assignActions } from '../assign-rules';
import { useStockDevice } from '../stock.queries';
import { AssignModal } from './assign-modal';
import { ConnectionBadge } from './connection-badge';
import { type ConfirmKind, DeviceConfirm } from './device-confirm';
import { DeviceDetailForm } from './device-detail-form';
import { ExpiryModal } from './expiry-modal';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** /admin/devices/:id and /admin/devices/:id/details: the stock facts, assignment actions and the detail fields. */
export function DeviceDetailPage() {
  const { t } = useTranslation('adminStock');
  const id = Number(useParams().id);
  const query = useStockDevice(id);
  return (
    <Stack gap="md">
      <ListState
        isPending={query.isPending}
        isError={query.isError}
        isEmpty={false}
        loadingLabel={t('detail.back')}
        errorText={t('messages.notFound')}
        emptyText=""
      >
        {() => (query.data ? <DeviceDetail device={query.data} /> : null)}
      </ListState>
    </Stack>
  );
}

function DeviceDetail({ device }: { device: StockDeviceDetail }) {
  const { t } = useTranslation('adminStock');
  const navigate = useNavigate();
  const [assign, setAssign] = useState<AssignTarget | null>(null);
  const [confirm, setConfirm] = useState<ConfirmKind | null>(null);
  const [expiry, setExpiry] = useState(false);
  const can = assignActions(device);
  const none = t('detail.none');
  return (
    <>
      <AdminPageHeader
        back={{ to: '/admin/devices', label: t('detail.back') }}
        title={t('detail.title', { name: device.name })}
        actions={
          <>
            <Button size="xs" variant="light" onClick={() => setConfirm(device.disabled ? 'activate' : 'deactivate')}>
              {device.disabled ? t('actions.activate') : t('actions.deactivate')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => setConfirm('delete')}>
              {t('actions.delete')}
            </Button>
          </>
        }
      />
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          {t('detail.sections.stock')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Fact label={t('detail.fields.imei')}>{device.imei}</Fact>
          <Fact label={t('detail.fields.stockStatus')}>
            <Badge variant="outline">{t(`status.${device.stockStatus}`)}</Badge>
          </Fact>
          <Fact label={t('detail.fields.connection')}>
            <ConnectionBadge status={device.status} />
          </Fact>
          <Fact label={t('detail.fields.model')}>{device.model?.name ?? none}</Fact>
          <Fact label={t('detail.fields.simIccid')}>{device.simCard?.iccid ?? t('detail.noSim')}</Fact>
          <Fact label={t('detail.fields.simStatus')}>{device.simCard?.status ?? none}</Fact>
          <Fact label={t('detail.fields.vendor')}>{device.vendor?.name ?? none}</Fact>
          <Fact label={t('detail.fields.tenant')}>{device.assignedTenant?.name ?? t('platformStock')}</Fact>
          <Fact label={t('detail.fields.group')}>{device.group?.name ?? none}</Fact>
          <Fact label={t('detail.fields.user')}>
            {device.user ? `${device.user.name} (${device.user.email})` : none}
          </Fact>
          <Fact label={t('detail.fields.expirationTime')}>{device.expirationTime?.slice(0, 10) ?? none}</Fact>
        </SimpleGrid>
        <Group gap="xs" mt="md" wrap="wrap">
          <Button size="xs" variant="default" onClick={() => setAssign('tenant')}>
            {t('actions.tenant')}
          </Button>
          <Button size="xs" variant="default" disabled={!can.group} onClick={() => setAssign('group')}>
            {t('actions.group')}
          </Button>
          <Button size="xs" variant="default" disabled={!can.user} onClick={() => setAssign('user')}>
            {t('actions.user')}
          </Button>
          <Button size="xs" variant="default" disabled={!can.removeUser} onClick={() => setConfirm('removeUser')}>
            {t('actions.removeUser')}
          </Button>
          <Button size="xs" variant="default" disabled={!can.unassign} onClick={() => setConfirm('unassign')}>
            {t('actions.unassign')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setExpiry(true)}>
            {t('actions.expiry')}
          </Button>
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <DeviceDetailForm key={device.id} device={device} />
      </Paper>
      {assign ? <AssignModal devices={[device]} target={assign} onClose={() => setAssign(null)} /> : null}
      {expiry ? (
        <ExpiryModal deviceIds={[device.id]} current={device.expirationTime} onClose={() => setExpiry(false)} />
      ) : null}
      {confirm ? (
        <DeviceConfirm
          kind={confirm}
          device={device}
          onClose={() => setConfirm(null)}
          onDone={confirm === 'delete' ? () => navigate('/admin/devices') : undefined}
        />
      ) : null}
    </>
  );
}
