import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Page } from '@waymark/contracts/common';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render';
import { AdminList } from './admin-list';
import { usePageQuery } from './use-page-query';

interface Row {
  id: number;
  name: string;
}

const ROWS: Row[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  name: `Row ${String(i + 1).padStart(2, '0')}`,
}));

/** Pages and sorts ROWS the way the API would, from the list state's parameters. */
function serve(params: Record<string, string | number>): Page<Row> {
  const needle = String(params.search ?? '').toLowerCase();
  const rows = ROWS.filter((r) => r.name.toLowerCase().includes(needle)).sort((a, b) =>
    params.sortOrder === 'desc' ? b.name.localeCompare(a.name) : a.name.localeCompare(b.name),
  );
  const page = Number(params.page);
  const size = Number(params.size);
  return {
    content: rows.slice(page * size, page * size + size),
    page,
    size,
    totalElements: rows.length,
    totalPages: Math.ceil(rows.length / size),
  };
}

const seen: Record<string, string | number>[] = [];

function Harness() {
  const list = usePageQuery({ size: 10, sortBy: 'name' });
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  seen.push(list.params);
  return (
    <>
      <AdminList<Row>
        columns={[{ key: 'name', label: 'Name', sortable: true, render: (r) => r.name }]}
        query={{ data: serve(list.params), isPending: false, isError: false }}
        rowKey={(r) => r.id}
        page={list.page}
        onPage={list.setPage}
        sort={list}
        search={list.search}
        onSearch={list.setSearch}
        selection={{ selected, onChange: setSelected }}
      />
      <p>selected {selected.size}</p>
    </>
  );
}

describe('AdminList with usePageQuery', () => {
  it('pages from 0, sorts by a heading, searches back to the first page and selects rows', async () => {
    renderAt('/', <Harness />);
    expect(screen.getByText('Row 01')).toBeTruthy();
    expect(screen.queryByText('Row 11')).toBeNull();
    expect(seen.at(-1)).toMatchObject({ page: 0, size: 10, sortBy: 'name', sortOrder: 'asc' });

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Row 11')).toBeTruthy();
    expect(seen.at(-1)).toMatchObject({ page: 1 });

    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    expect(seen.at(-1)).toMatchObject({ page: 0, sortOrder: 'desc' });
    expect(screen.getByText('Row 25')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: '2' } });
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ search: '2', page: 0 }));

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByText(/^selected [1-9]/)).toBeTruthy();
  });
});
