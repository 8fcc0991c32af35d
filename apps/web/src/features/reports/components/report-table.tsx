import { Group, Pagination, ScrollArea, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ReportColumn<R> {
  id: string;
  label: string;
  /** what the column sorts by */
  sortValue: (row: R) => number | string | null;
  /** what the cell shows (the sort value as text by default) */
  render?: (row: R) => ReactNode;
  /** the footer cell (totals) */
  total?: ReactNode;
}

const PAGE_SIZE = 50;

function compare(a: number | string | null, b: number | string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

interface Props<R> {
  label: string;
  rows: readonly R[];
  columns: readonly ReportColumn<R>[];
  rowKey: (row: R, index: number) => string;
  /** the selected row's key; selecting a row shows it on the map */
  selected?: string | null;
  onSelect?: (row: R, key: string) => void;
}

/** A report's rows: sortable by any column (click its header), 50 a page, with totals in the footer. */
export function ReportTable<R>({ label, rows, columns, rowKey, selected, onSelect }: Props<R>) {
  const { t } = useTranslation('reports');
  const [sort, setSort] = useState<{ id: string; desc: boolean } | null>(null);
  const [page, setPage] = useState(1);
  const keyed = useMemo(() => rows.map((row, index) => ({ row, key: rowKey(row, index) })), [rows, rowKey]);
  const sorted = useMemo(() => {
    const column = columns.find((c) => c.id === sort?.id);
    if (!column || !sort) return keyed;
    const direction = sort.desc ? -1 : 1;
    return [...keyed].sort((a, b) => direction * compare(column.sortValue(a.row), column.sortValue(b.row)));
  }, [keyed, columns, sort]);
  const pages = Math.max(1, Math.ceil(sorted.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = sorted.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const withTotals = columns.some((c) => c.total !== undefined);

  const toggle = (id: string) => {
    setSort((old) => (old?.id === id ? (old.desc ? null : { id, desc: true }) : { id, desc: false }));
    setPage(1);
  };

  return (
    <div>
      <ScrollArea type="auto">
        <Table striped highlightOnHover aria-label={label} miw={640} fz="sm" style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const state = sort?.id === column.id ? (sort.desc ? 'descending' : 'ascending') : 'none';
                const Icon =
                  state === 'ascending' ? IconArrowUp : state === 'descending' ? IconArrowDown : IconArrowsSort;
                return (
                  <Table.Th key={column.id} aria-sort={state}>
                    <UnstyledButton onClick={() => toggle(column.id)} fz="sm" fw={600}>
                      <Group gap={4} wrap="nowrap">
                        {column.label}
                        <Icon size={14} aria-hidden />
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map(({ row, key }) => (
              <Table.Tr
                key={key}
                data-testid="report-row"
                aria-selected={selected === key}
                bg={selected === key ? 'var(--mantine-primary-color-light)' : undefined}
                style={onSelect ? { cursor: 'pointer' } : undefined}
                onClick={onSelect ? () => onSelect(row, key) : undefined}
              >
                {columns.map((column) => (
                  <Table.Td key={column.id}>
                    {column.render ? column.render(row) : (column.sortValue(row) ?? '—')}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {withTotals && (
            <Table.Tfoot>
              <Table.Tr data-testid="report-totals">
                {columns.map((column, index) => (
                  <Table.Th key={column.id}>
                    {index === 0 && column.total === undefined ? t('total') : column.total}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </ScrollArea>
      {pages > 1 && (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {t('rows', { rows: rows.length })}
          </Text>
          <Pagination total={pages} value={current} onChange={setPage} size="sm" />
        </Group>
      )}
    </div>
  );
}
