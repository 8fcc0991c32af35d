import { Badge } from '@mantine/core';
import type { StockDevice } from '@waymark/contracts/stock-device';
import { useTranslation } from 'react-i18next';

const COLOR = { online: 'green', offline: 'red', unknown: 'gray' } as const;

/** Online, offline or unknown, as the last message left the device. */
export function ConnectionBadge({ status }: { status: StockDevice['status'] }) {
  const { t } = useTranslation('adminStock');
  return (
    <Badge color={COLOR[status]} variant="light">
      {t(`connection.${status}`)}
    </Badge>
  );
}
