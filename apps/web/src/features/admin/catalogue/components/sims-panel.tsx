import { Button, Group, Select, Stack } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { SIM_STATUSES, type SimCard } from '@waymark/contracts/sim';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDeleteConfirm } from '../../../../lib/use-delete-confirm';
import { useHasPermission } from '../../../permissions/use-has-permission';
import { type AdminColumn, AdminList } from '../../shared/admin-list';
import { StatTiles } from '../../shared/stat-tiles';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { usePageQuery } from '../../shared/use-page-query';
import { deleteSim } from '../catalogue.api';
import { catalogueKeys, useAllVendorsQuery, useSimPageQuery, useSimStatsQuery } from '../catalogue.queries';
import { CatalogueRowActions, RemoveQuestion } from './catalogue-row-actions';
import { SimFormModal } from './sim-form-modal';
import { SimImportModal } from './sim-import-modal';
import { SIM_STATUS_COLORS, SimStatusBadge } from './sim-status-badge';
import { useCanWrite } from './use-stock-access';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

/** The SIM card stock: searched on ICCID, MSISDN and IMSI, filtered by status and vendor; create, edit, import. */
export function SimsPanel() {
  const { t } = useTranslation('adminCatalogue');
  const navigate = useNavigate();
  const canWrite = useCanWrite('VIEW_SIMS', false);
  const canOpen = useHasPermission(['VIEW_SIM_DETAILS']);
  const list = usePageQuery({ size: 10, sortBy: 'iccid', filters: { status: 'all', vendorId: 'all' } });
  const query = useSimPageQuery(list.params);
  const vendors = useAllVendorsQuery();
  const stats = useSimStatsQuery();
  const total = stats.data ? SIM_STATUSES.reduce((sum, s) => sum + stats.data[s], 0) : undefined;
  const [editing, setEditing] = useState<SimCard | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const remove = useAdminMutation({ mutationFn: deleteSim, invalidates: [catalogueKeys.sims()] });
  const del = useDeleteConfirm<SimCard>(remove, t('sims.deleted'), t('sims.deleteFailed'));
  const none = t('none');
  const columns: AdminColumn<SimCard>[] = [
    { key: 'iccid', label: t('sims.iccid'), sortable: true, render: (s) => s.iccid },
    { key: 'msisdn', label: t('sims.msisdn'), render: (s) => s.msisdn ?? none },
    { key: 'status', label: t('sims.status'), sortable: true, render: (s) => <SimStatusBadge status={s.status} /> },
    { key: 'vendor', label: t('sims.vendor'), render: (s) => s.vendorName ?? none },
    { key: 'device', label: t('sims.device'), render: (s) => s.device?.name ?? none },
    { key: 'expiresAt', label: t('sims.expiresAt'), sortable: true, render: (s) => day(s.expiresAt) ?? none },
  ];
  return (
    <Stack gap="sm">
      {canWrite ? (
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('sims.create')}
          </Button>
          <Button variant="light" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
            {t('sims.import.open')}
          </Button>
        </Group>
      ) : null}
      <StatTiles
        cols={{ base: 2, sm: 5 }}
        active={list.filters.status}
        onSelect={(key) => list.setFilter('status', key)}
        tiles={[
          { key: 'all', label: t('sims.total'), value: total },
          ...SIM_STATUSES.map((s) => ({
            key: s,
            label: t(`simStatus.${s}`),
            value: stats.data?.[s],
            color: SIM_STATUS_COLORS[s],
          })),
        ]}
      />
      <AdminList<SimCard>
        columns={columns}
        query={query}
        rowKey={(s) => s.id}
        page={list.page}
        onPage={list.setPage}
        sort={list}
        search={list.search}
        onSearch={list.setSearch}
        filters={
          <>
            <Select
              aria-label={t('sims.status')}
              allowDeselect={false}
              w={{ base: '100%', xs: 170 }}
              value={list.filters.status}
              onChange={(value) => list.setFilter('status', value ?? 'all')}
              data={[
                { value: 'all', label: t('sims.allStatuses') },
                ...SIM_STATUSES.map((s) => ({ value: s, label: t(`simStatus.${s}`) })),
              ]}
            />
            <Select
              aria-label={t('sims.vendor')}
              allowDeselect={false}
              searchable
              w={{ base: '100%', xs: 200 }}
              value={list.filters.vendorId}
              onChange={(value) => list.setFilter('vendorId', value ?? 'all')}
              data={[
                { value: 'all', label: t('sims.allVendors') },
                ...(vendors.data ?? []).map((v) => ({ value: String(v.id), label: v.name })),
              ]}
            />
          </>
        }
        onRowClick={canOpen ? (s) => navigate(`/admin/sims/${s.id}`) : undefined}
        rowActions={
          canWrite
            ? (s) => <CatalogueRowActions name={s.iccid} onEdit={() => setEditing(s)} onDelete={() => del.ask(s)} />
            : undefined
        }
      />
      {editing ? <SimFormModal sim={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      {importing ? <SimImportModal onClose={() => setImporting(false)} /> : null}
      <RemoveQuestion modal={del.modal} />
    </Stack>
  );
}
