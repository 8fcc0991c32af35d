import { STOCK_FILTERS, type StockFilter } from '@waymark/contracts/stock-device';
import { useTranslation } from 'react-i18next';
import { StatTiles } from '../../shared/stat-tiles';
import { useStockStats } from '../stock.queries';

const COLORS: Record<StockFilter, string | undefined> = {
  TOTAL: undefined,
  IN_STOCK: 'blue',
  READY: 'teal',
  ASSIGNED: 'green',
  UN_ASSIGNED: 'orange',
  DISABLED: 'red',
};

/** The six stock counters; clicking one filters the list by that status. */
export function StockTiles({ active, onSelect }: { active: StockFilter; onSelect: (status: StockFilter) => void }) {
  const { t } = useTranslation('adminStock');
  const stats = useStockStats();
  return (
    <StatTiles
      active={active}
      onSelect={(key) => onSelect(key as StockFilter)}
      tiles={STOCK_FILTERS.map((status) => ({
        key: status,
        label: t(`status.${status}`),
        value: stats.data?.[status],
        color: COLORS[status],
      }))}
    />
  );
}
