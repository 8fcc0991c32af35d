import { Alert, Anchor, Button, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconCreditCard, IconDownload, IconReceipt } from '@tabler/icons-react';
import type { InvoiceDto } from '@waymark/contracts/billing';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { notifyError } from '../../../../lib/notify';
import { useHasPermission } from '../../../permissions/use-has-permission';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { checkoutInvoice, fetchInvoicePdf, payInvoice } from '../billing.api';
import { billingKeys, useInvoiceQuery } from '../billing.queries';
import { formatDay, formatMoney } from './format';
import { InvoiceStatusBadge } from './invoice-status-badge';

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="end">
        {value}
      </Text>
    </Group>
  );
}

function Detail({ invoice }: { invoice: InvoiceDto }) {
  const { t, i18n } = useTranslation('adminBilling');
  const { t: ta } = useTranslation('admin');
  const lang = i18n.language;
  const money = (cents: number) => formatMoney(cents, invoice.currency, lang);
  const canMarkPaid = useHasPermission(['ADMIN_ACCOUNT']);
  const payable = invoice.status === 'ISSUED' || invoice.status === 'OVERDUE';
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);
  const invalidates = [billingKeys.invoices()];
  const pay = useAdminMutation({
    mutationFn: payInvoice,
    invalidates,
    success: t('invoices.paid'),
    failure: t('invoices.payFailed'),
    onSuccess: () => setConfirming(false),
  });
  const checkout = useAdminMutation({
    mutationFn: checkoutInvoice,
    invalidates: [],
    failure: t('invoices.checkoutFailed'),
    onSuccess: (result) => setCheckoutUrl(result.url),
  });
  const download = async () => {
    setDownloading(true);
    try {
      const blob = await fetchInvoicePdf(invoice.id);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${invoice.number}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    } catch (error) {
      notifyError(error, t('invoices.pdfFailed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={700}>{invoice.tenantName}</Text>
        <InvoiceStatusBadge status={invoice.status} />
      </Group>
      <Stack gap={4}>
        <Field label={t('invoices.plan')} value={invoice.subscriptionName ?? ta('none')} />
        <Field
          label={t('invoices.columns.period')}
          value={`${formatDay(invoice.periodStart, lang)} – ${formatDay(invoice.periodEnd, lang)}`}
        />
        <Field label={t('invoices.issuedAt')} value={formatDay(invoice.issuedAt, lang)} />
        <Field label={t('invoices.columns.dueAt')} value={formatDay(invoice.dueAt, lang)} />
        {invoice.paidAt ? <Field label={t('invoices.paidAt')} value={formatDay(invoice.paidAt, lang)} /> : null}
      </Stack>
      <Table.ScrollContainer minWidth={360}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoices.line.description')}</Table.Th>
              <Table.Th ta="end">{t('invoices.line.quantity')}</Table.Th>
              <Table.Th ta="end">{t('invoices.line.unit')}</Table.Th>
              <Table.Th ta="end">{t('invoices.line.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((line) => (
              <Table.Tr key={line.description}>
                <Table.Td>{line.description}</Table.Td>
                <Table.Td ta="end">{line.quantity}</Table.Td>
                <Table.Td ta="end">{money(line.unitCents)}</Table.Td>
                <Table.Td ta="end">{money(line.unitCents * line.quantity)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text fw={700}>{t('invoices.total')}</Text>
        <Text fw={700}>{money(invoice.amountCents)}</Text>
      </Group>
      <Group gap="xs" wrap="wrap">
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={downloading} onClick={download}>
          {t('invoices.downloadPdf')}
        </Button>
        {payable ? (
          <Button
            variant="light"
            leftSection={<IconCreditCard size={16} />}
            loading={checkout.isPending}
            onClick={() => checkout.mutate(invoice.id)}
          >
            {t('invoices.payOnline')}
          </Button>
        ) : null}
        {payable && canMarkPaid ? (
          <Button leftSection={<IconReceipt size={16} />} onClick={() => setConfirming(true)}>
            {t('invoices.markPaid')}
          </Button>
        ) : null}
      </Group>
      {checkoutUrl ? (
        <Text size="sm">
          {t('invoices.checkoutReady')}:{' '}
          <Anchor href={checkoutUrl} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
            {checkoutUrl}
          </Anchor>
        </Text>
      ) : null}
      <ConfirmModal
        opened={confirming}
        title={t('invoices.markPaid')}
        message={t('invoices.markPaidConfirm', { number: invoice.number })}
        confirmLabel={t('invoices.markPaid')}
        cancelLabel={ta('cancel')}
        loading={pay.isPending}
        onConfirm={() => pay.mutate(invoice.id)}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** An invoice's detail beside its list: lines, total, PDF download, online payment link, manual payment. */
export function InvoiceDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('adminBilling');
  const query = useInvoiceQuery(id);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={query.data ? t('invoices.detail', { number: query.data.number }) : t('invoices.title')}
    >
      {query.data ? (
        <Detail invoice={query.data} />
      ) : query.isError ? (
        <Alert color="error">{t('invoices.loadFailed')}</Alert>
      ) : (
        <Loader aria-label={t('invoices.title')} />
      )}
    </Drawer>
  );
}
