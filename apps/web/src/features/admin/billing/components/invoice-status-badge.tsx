import { Badge } from '@mantine/core';
import type { InvoiceDto } from '@waymark/contracts/billing';
import { useTranslation } from 'react-i18next';

const COLORS: Record<InvoiceDto['status'], string> = {
  DRAFT: 'gray',
  ISSUED: 'primary',
  PAID: 'success',
  OVERDUE: 'error',
  VOID: 'gray',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceDto['status'] }) {
  const { t } = useTranslation('adminBilling');
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`invoices.status.${status}`)}
    </Badge>
  );
}
