import { Badge } from '@mantine/core';
import type { SimStatus } from '@waymark/contracts/sim';
import { useTranslation } from 'react-i18next';

export const SIM_STATUS_COLORS: Record<SimStatus, string> = {
  IN_STOCK: 'gray',
  ACTIVE: 'green',
  SUSPENDED: 'orange',
  RETIRED: 'red',
};

export function SimStatusBadge({ status }: { status: SimStatus }) {
  const { t } = useTranslation('adminCatalogue');
  return (
    <Badge color={SIM_STATUS_COLORS[status]} variant="light">
      {t(`simStatus.${status}`)}
    </Badge>
  );
}
