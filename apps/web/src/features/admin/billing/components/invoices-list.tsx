import { NumberInput, Select } from '@mantine/core';
import type { InvoiceDto } from '@waymark/contracts/billing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminList } from '../../shared/admin-list';
import { usePageQuery } from '../../shared/use-page-query';
import { useInvoicesQuery } from '../billing.queries';
import { formatDay, formatMoney } from './format';
import { InvoiceDrawer } from './invoice-drawer';
import { InvoiceStatusBadge } from './invoice-status-badge';

const STATUSES = ['ISSUED', 'OVERDUE', 'PAID', 'DRAFT', 'VOID'] as const;

/**
 * Invoices, paged by the server, newest period first, with number search, status filter and (unless the list
 * is one tenant's) a tenant filter; a row opens its detail drawer.
 */
export function InvoicesList({ tenantId }: { tenantId?: number }) {
  const { t, i18n } = useTranslation('adminBilling');
  const lang = i18n.language;
  const list = usePageQuery<{ status?: string; tenantId?: string }>({
    size: 10,
    sortBy: 'periodStart',
    sortOrder: 'desc',
    filters: { status: 'all', tenantId: tenantId === undefined ? undefined : String(tenantId) },
  });
  const query = useInvoicesQuery(list.params);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <AdminList<InvoiceDto>
        query={query}
        rowKey={(i) => i.id}
        page={list.page}
        onPage={list.setPage}
        sort={list}
        search={list.search}
        onSearch={list.setSearch}
        emptyText={t('invoices.empty')}
        errorText={t('invoices.loadFailed')}
        onRowClick={(i) => setOpen(i.id)}
        filters={
          <>
            <Select
              aria-label={t('invoices.statusFilter')}
              value={list.filters.status ?? 'all'}
              onChange={(value) => list.setFilter('status', value ?? 'all')}
              allowDeselect={false}
              w={{ base: '100%', xs: 180 }}
              data={[
                { value: 'all', label: t('invoices.allStatuses') },
                ...STATUSES.map((s) => ({ value: s, label: t(`invoices.status.${s}`) })),
              ]}
            />
            {tenantId === undefined ? (
              <NumberInput
                aria-label={t('invoices.tenantFilter')}
                placeholder={t('invoices.tenantFilter')}
                min={1}
                allowDecimal={false}
                w={{ base: '100%', xs: 140 }}
                value={list.filters.tenantId ?? ''}
                onChange={(value) => list.setFilter('tenantId', value === '' ? undefined : String(value))}
              />
            ) : null}
          </>
        }
        columns={[
          { key: 'number', label: t('invoices.columns.number'), sortable: true, render: (i) => i.number },
          ...(tenantId === undefined
            ? [{ key: 'tenant', label: t('invoices.columns.tenant'), render: (i: InvoiceDto) => i.tenantName }]
            : []),
          {
            key: 'periodStart',
            label: t('invoices.columns.period'),
            sortable: true,
            render: (i) => formatDay(i.periodStart, lang),
          },
          {
            key: 'amountCents',
            label: t('invoices.columns.amount'),
            sortable: true,
            render: (i) => formatMoney(i.amountCents, i.currency, lang),
          },
          { key: 'dueAt', label: t('invoices.columns.dueAt'), sortable: true, render: (i) => formatDay(i.dueAt, lang) },
          {
            key: 'status',
            label: t('invoices.columns.status'),
            sortable: true,
            render: (i) => <InvoiceStatusBadge status={i.status} />,
          },
        ]}
      />
      <InvoiceDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
