import { Checkbox, Group, Pagination, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconSearch } from '@tabler/icons-react';
import type { Page } from '@waymark/contracts/common';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../components/list-state';

export interface AdminColumn<T> {
  /** Stable key; also the `sortBy` value when `sortable`. */
  key: string;
  /** Heading, already translated. */
  label: string;
  render: (row: T) => ReactNode;
  /** Sent as sortBy when the heading is clicked. */
  sortable?: boolean;
}

/** What the list needs of its sort state (usePageQuery's). */
interface SortState {
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  toggleSort: (field: string) => void;
}

export interface AdminListProps<T> {
  columns: readonly AdminColumn<T>[];
  /** The list query's state (a TanStack query of a `Page`). */
  query: { data?: Page<T>; isPending: boolean; isError: boolean };
  rowKey: (row: T) => string | number;
  /** Zero-based page and its setter (usePageQuery's). */
  page: number;
  onPage: (page: number) => void;
  sort?: SortState;
  /** Search box value and setter; no box without them. */
  search?: string;
  onSearch?: (value: string) => void;
  /** Filters shown beside the search box (selects, segmented controls). */
  filters?: ReactNode;
  /** Controls at the end of each row (edit, delete, activate…). */
  rowActions?: (row: T) => ReactNode;
  onRowClick?: (row: T) => void;
  /** Row selection for bulk actions; the ids of selected rows. */
  selection?: { selected: ReadonlySet<string | number>; onChange: (next: Set<string | number>) => void };
  /** Texts; the admin namespace's defaults otherwise. */
  emptyText?: string;
  errorText?: string;
  minWidth?: number;
}

/**
 * The admin area's generic list: a server-paged, sortable table with search, filters, row actions and optional
 * row selection, with loading, failed and empty states. Pages count from 0 as the admin API does.
 */
export function AdminList<T>(props: AdminListProps<T>) {
  const { t } = useTranslation('admin');
  const { query, columns, rowKey, selection } = props;
  const rows = query.data?.content ?? [];
  const pages = query.data?.totalPages ?? 0;
  const hasActions = props.rowActions !== undefined;
  const allSelected =
    selection !== undefined && rows.length > 0 && rows.every((r) => selection.selected.has(rowKey(r)));

  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const row of rows) {
      if (allSelected) next.delete(rowKey(row));
      else next.add(rowKey(row));
    }
    selection.onChange(next);
  };
  const toggleOne = (row: T) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    const key = rowKey(row);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };

  const heading = (column: AdminColumn<T>) => {
    if (!column.sortable || !props.sort) return column.label;
    const active = props.sort.sortBy === column.key;
    const Icon = !active ? IconArrowsSort : props.sort.sortOrder === 'asc' ? IconArrowUp : IconArrowDown;
    return (
      <UnstyledButton
        onClick={() => props.sort?.toggleSort(column.key)}
        aria-label={t('sortBy', { column: column.label })}
        fw={700}
        fz="sm"
      >
        <Group gap={4} wrap="nowrap">
          {column.label}
          <Icon size={14} opacity={active ? 1 : 0.4} />
        </Group>
      </UnstyledButton>
    );
  };

  return (
    <Stack gap="sm">
      {props.onSearch || props.filters ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {props.onSearch ? (
            <TextInput
              leftSection={<IconSearch size={16} />}
              aria-label={t('search')}
              placeholder={t('search')}
              value={props.search ?? ''}
              onChange={(event) => props.onSearch?.(event.currentTarget.value)}
              w={{ base: '100%', xs: 280 }}
            />
          ) : null}
          {props.filters}
        </Group>
      ) : null}
      <ListState
        isPending={query.isPending}
        isError={query.isError}
        isEmpty={rows.length === 0}
        loadingLabel={t('loading')}
        errorText={props.errorText ?? t('loadFailed')}
        emptyText={props.emptyText ?? t('empty')}
      >
        {() => (
          <Table.ScrollContainer minWidth={props.minWidth ?? 720}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {selection ? (
                    <Table.Th w={40}>
                      <Checkbox aria-label={t('selectAll')} checked={allSelected} onChange={toggleAll} />
                    </Table.Th>
                  ) : null}
                  {columns.map((column) => (
                    <Table.Th key={column.key}>{heading(column)}</Table.Th>
                  ))}
                  {hasActions ? <Table.Th>{t('actions')}</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr
                    key={rowKey(row)}
                    onClick={props.onRowClick ? () => props.onRowClick?.(row) : undefined}
                    style={props.onRowClick ? { cursor: 'pointer' } : undefined}
                  >
                    {selection ? (
                      <Table.Td onClick={(event) => event.stopPropagation()}>
                        <Checkbox
                          aria-label={t('selectRow')}
                          checked={selection.selected.has(rowKey(row))}
                          onChange={() => toggleOne(row)}
                        />
                      </Table.Td>
                    ) : null}
                    {columns.map((column) => (
                      <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                    ))}
                    {hasActions ? (
                      <Table.Td onClick={(event) => event.stopPropagation()}>{props.rowActions?.(row)}</Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListState>
      {pages > 1 ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('total', { count: query.data?.totalElements ?? 0 })}
          </Text>
          <Pagination
            total={pages}
            value={props.page + 1}
            onChange={(value) => props.onPage(value - 1)}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
