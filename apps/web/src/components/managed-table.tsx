import { Table, type TableTrProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from './list-state';
import { ListTable } from './list-table';
import { RowActions } from './row-actions';

/**
 * The namespaces of the lists using the table: each has the keys loading, loadFailed, empty, noMatch, actions,
 * editNamed and deleteNamed.
 */
type ListNamespace = 'savedCommands' | 'computedAttributes' | 'calendars' | 'drivers';

export interface ManagedTableProps<T extends { id: number }> {
  /** The list's query: its state and all its items. */
  query: { isPending: boolean; isError: boolean; data?: readonly T[] };
  /** The items shown (the query's, searched and ordered). */
  rows: readonly T[];
  namespace: ListNamespace;
  minWidth: number;
  /** The headings of the item's own cells (the actions column comes after them). */
  headers: readonly string[];
  /** An item's own cells. */
  cells: (item: T) => ReactNode;
  /** The name in an item's edit and delete labels. */
  nameOf: (item: T) => string;
  /** Without them the table has no actions column (a read-only list). */
  onEdit?: (item: T) => void;
  onDelete?: (item: T) => void;
  rowProps?: (item: T) => TableTrProps;
}

/**
 * A management list's table: loading, failed, empty and no-match states, then a row per item with its edit and
 * delete buttons (the saved commands, computed attributes, calendars and drivers pages).
 */
export function ManagedTable<T extends { id: number }>(props: ManagedTableProps<T>) {
  const { query, rows, namespace, minWidth, headers, cells, nameOf, onEdit, onDelete, rowProps } = props;
  // the namespaces share these keys: one of them types the calls
  const { t } = useTranslation(namespace as 'savedCommands');
  const editable = onEdit !== undefined && onDelete !== undefined;
  return (
    <ListState
      isPending={query.isPending}
      isError={query.isError}
      isEmpty={query.data?.length === 0}
      noMatch={rows.length === 0}
      loadingLabel={t('loading')}
      errorText={t('loadFailed')}
      emptyText={t('empty')}
      noMatchText={t('noMatch')}
    >
      {() => (
        <ListTable minWidth={minWidth} headers={editable ? [...headers, t('actions')] : headers}>
          {rows.map((item) => (
            <Table.Tr key={item.id} {...rowProps?.(item)}>
              {cells(item)}
              {editable ? (
                <Table.Td>
                  <RowActions
                    editLabel={t('editNamed', { name: nameOf(item) })}
                    deleteLabel={t('deleteNamed', { name: nameOf(item) })}
                    onEdit={() => onEdit(item)}
                    onDelete={() => onDelete(item)}
                  />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </ListState>
  );
}
