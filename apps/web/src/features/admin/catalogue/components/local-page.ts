import type { Page } from '@waymark/contracts/common';

/**
 * One page of a short list the API sends whole (models, manufacturers): searched on `text`, sorted by `sortBy`,
 * cut as the server pages do, so the shared admin list shows it like any other.
 */
export function localPage<T>(
  rows: readonly T[] | undefined,
  state: { page: number; size: number; sortBy: string; sortOrder: 'asc' | 'desc'; search: string },
  text: (row: T) => string,
  sortValue: (row: T, field: string) => string | number | null,
): Page<T> | undefined {
  if (!rows) return undefined;
  const needle = state.search.trim().toLowerCase();
  const sign = state.sortOrder === 'asc' ? 1 : -1;
  const found = rows
    .filter((row) => !needle || text(row).toLowerCase().includes(needle))
    .sort((a, b) => {
      const x = sortValue(a, state.sortBy) ?? '';
      const y = sortValue(b, state.sortBy) ?? '';
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * sign;
    });
  const pages = Math.ceil(found.length / state.size);
  const page = Math.min(state.page, Math.max(pages - 1, 0));
  return {
    content: found.slice(page * state.size, (page + 1) * state.size),
    page,
    size: state.size,
    totalElements: found.length,
    totalPages: pages,
  };
}
