import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

export type SortOrder = 'asc' | 'desc';

export interface PageQueryOptions<F extends Record<string, string | undefined>> {
  /** Rows per page (the admin dialect pages from 0). */
  size: number;
  sortBy: string;
  sortOrder?: SortOrder;
  /** Initial filter values; a filter left undefined or 'all' is not sent. */
  filters?: F;
}

/**
 * The state of one server-paged admin list: page (from 0), size, sort, a debounced search and filters, and the
 * query parameters they make (`params`, ready for the list's API call and its query key). Changing the search,
 * a filter or the sort goes back to the first page.
 */
export function usePageQuery<F extends Record<string, string | undefined> = Record<string, never>>(
  options: PageQueryOptions<F>,
) {
  const [page, setPage] = useState(0);
  const [sortBy, setSortBy] = useState(options.sortBy);
  const [sortOrder, setSortOrder] = useState<SortOrder>(options.sortOrder ?? 'asc');
  const [search, setSearchNow] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [filters, setFilters] = useState<F>((options.filters ?? {}) as F);

  const params: Record<string, string | number> = { page, size: options.size, sortBy, sortOrder };
  if (debounced) params.search = debounced;
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '' && value !== 'all') params[key] = value;
  }

  return {
    page,
    size: options.size,
    sortBy,
    sortOrder,
    search,
    filters,
    params,
    setPage,
    setSearch: (value: string) => {
      setSearchNow(value);
      setPage(0);
    },
    setFilter: <K extends keyof F>(key: K, value: F[K]) => {
      setFilters((current) => ({ ...current, [key]: value }));
      setPage(0);
    },
    /** Sorts by `field`; the same field again flips the order. */
    toggleSort: (field: string) => {
      if (field === sortBy) setSortOrder(sortOrder === 'asc' ? 'desc' : 'asc');
      else {
        setSortBy(field);
        setSortOrder('asc');
      }
      setPage(0);
    },
  };
}

/** `?a=1&b=x` from parameters (undefined values left out). */
export function queryString(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
