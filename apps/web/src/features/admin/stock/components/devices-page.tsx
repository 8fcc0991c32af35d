import { Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { StockDevice, StockFilter } from '@waymark/contracts/stock-device';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type AdminColumn, AdminList } from '../../shared/admin-list';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { TenantSelect } from '../../shared/tenant-select';
import { usePageQuery } from '../../shared/use-page-query';
import type { AssignTarget } from '../assign-rules';
import { useStockDevices } from '../stock.queries';
import { AssignModal } from './assign-modal';
import { ConnectionBadge } from './connection-badge';
import { type ConfirmKind, DeviceConfirm } from './device-confirm';
import { DeviceRowActions, type RowAction } from './device-row-actions';
import { ExpiryModal } from './expiry-modal';
import { ImportModal } from './import-modal';
import { StockTiles } from './stock-tiles';

type Dialog =
  | { kind: 'assign'; target: AssignTarget; devices: StockDevice[] }
  | { kind: 'expiry'; devices: StockDevice[] }
  | { kind: 'confirm'; confirm: ConfirmKind; device: StockDevice }
  | { kind: 'import' }
  | null;

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/** /admin/devices: the stock tiles, the device list with its filters, row and bulk actions, and the CSV upload. */
export function DevicesPage() {
  const { t } = useTranslation('adminStock');
  const navigate = useNavigate();
  const list = usePageQuery<{ status?: string; tenantId?: string; connection?: string }>({
    size: 10,
    sortBy: 'name',
    filters: { status: 'TOTAL' },
  });
  const query = useStockDevices(list.params);
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const rows = query.data?.content ?? [];
  const selectedDevices = () => rows.filter((r) => selected.has(r.id));

  const onAction = (device: StockDevice, action: RowAction) => {
    if (action.kind === 'open') navigate(`/admin/devices/${device.id}`);
    else if (action.kind === 'assign') setDialog({ kind: 'assign', target: action.target, devices: [device] });
    else if (action.kind === 'expiry') setDialog({ kind: 'expiry', devices: [device] });
    else
      setDialog({
        kind: 'confirm',
        device,
        confirm: action.kind === 'toggle' ? (device.disabled ? 'activate' : 'deactivate') : action.kind,
      });
  };

  const columns: AdminColumn<StockDevice>[] = [
    { key: 'name', label: t('columns.name'), sortable: true, render: (d) => d.name },
    { key: 'uniqueId', label: t('columns.imei'), sortable: true, render: (d) => d.imei },
    { key: 'model', label: t('columns.model'), render: (d) => d.model?.name ?? '—' },
    { key: 'sim', label: t('columns.sim'), render: (d) => d.simCard?.iccid ?? '—' },
    { key: 'tenant', label: t('columns.tenant'), render: (d) => d.assignedTenant?.name ?? t('platformStock') },
    {
      key: 'assigned',
      label: t('columns.assignedTo'),
      render: (d) =>
        d.group ? t('groupLabel', { name: d.group.name }) : d.user ? t('userLabel', { name: d.user.name }) : '—',
    },
    { key: 'expirationTime', label: t('columns.expiry'), sortable: true, render: (d) => day(d.expirationTime) },
    {
      key: 'status',
      label: t('columns.connection'),
      sortable: true,
      render: (d) => <ConnectionBadge status={d.status} />,
    },
    {
      key: 'stockStatus',
      label: t('columns.stockStatus'),
      sortable: true,
      render: (d) => <Badge variant="outline">{t(`status.${d.stockStatus}`)}</Badge>,
    },
  ];

  const filters = (
    <>
      <TenantSelect
        label={t('filters.tenant')}
        w={220}
        value={list.filters.tenantId ?? null}
        onChange={(value) => list.setFilter('tenantId', value ?? undefined)}
      />
      <Select
        label={t('filters.connection')}
        w={170}
        value={list.filters.connection ?? 'all'}
        onChange={(value) => list.setFilter('connection', value ?? 'all')}
        data={[
          { value: 'all', label: t('filters.anyConnection') },
          ...(['online', 'offline', 'unknown'] as const).map((s) => ({ value: s, label: t(`connection.${s}`) })),
        ]}
      />
    </>
  );

  return (
    <Stack gap="md">
      <AdminPageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button leftSection={<IconUpload size={16} />} onClick={() => setDialog({ kind: 'import' })}>
            {t('import.button')}
          </Button>
        }
      />
      <StockTiles
        active={(list.filters.status ?? 'TOTAL') as StockFilter}
        onSelect={(status) => {
          list.setFilter('status', status);
          setSelected(new Set());
        }}
      />
      {selected.size > 0 ? (
        <Paper withBorder p="xs">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {t('bulk.selected', { count: selected.size })}
            </Text>
            <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'expiry', devices: selectedDevices() })}>
              {t('bulk.expiry')}
            </Button>
            <Button
              size="xs"
              variant="light"
              onClick={() => setDialog({ kind: 'assign', target: 'user', devices: selectedDevices() })}
            >
              {t('bulk.user')}
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
              {t('bulk.clear')}
            </Button>
          </Group>
        </Paper>
      ) : null}
      <AdminList<StockDevice>
        columns={columns}
        query={query}
        rowKey={(d) => d.id}
        page={list.page}
        onPage={list.setPage}
        sort={list}
        search={list.search}
        onSearch={list.setSearch}
        filters={filters}
        selection={{ selected, onChange: setSelected }}
        rowActions={(d) => <DeviceRowActions device={d} onAction={(action) => onAction(d, action)} />}
        onRowClick={(d) => navigate(`/admin/devices/${d.id}`)}
        errorText={t('messages.loadFailed')}
        minWidth={1100}
      />
      {dialog?.kind === 'assign' ? (
        <AssignModal devices={dialog.devices} target={dialog.target} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'expiry' ? (
        <ExpiryModal
          deviceIds={dialog.devices.map((d) => d.id)}
          current={dialog.devices.length === 1 ? (dialog.devices[0]?.expirationTime ?? null) : undefined}
          onClose={() => {
            setDialog(null);
            setSelected(new Set());
          }}
        />
      ) : null}
      {dialog?.kind === 'confirm' ? (
        <DeviceConfirm kind={dialog.confirm} device={dialog.device} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'import' ? <ImportModal onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}
