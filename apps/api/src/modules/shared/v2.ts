import type { Page, PageQuery } from '@waymark/contracts/common';

/**
 * The admin dialect (`/api/v2`) over a resource's service: every body in a `{ data }` envelope, lists paged by
 * zero-based `page` and `size`, sorted by `sortBy` (one of the resource's sortable fields) and `sortOrder`.
 * The schemas are `dataSchema`, `pageSchema` and `pageQuerySchema` in contracts/common.
 */

/** The `{ data }` envelope of a v2 body. */
export function data<T>(value: T): { data: T } {
  return { data: value };
}

/** Prisma paging and order of a page query; a `sortBy` outside `sortable` sorts by the first sortable field. */
export function pageArgs<F extends string>(
  q: PageQuery,
  sortable: readonly [F, ...F[]],
): { skip: number; take: number; orderBy: Record<string, 'asc' | 'desc'> } {
  const field = sortable.find((f) => f === q.sortBy) ?? sortable[0];
  return { skip: q.page * q.size, take: q.size, orderBy: { [field]: q.sortOrder } };
}

/** One page of rows with the totals a pager needs. */
export function pageOf<T>(q: PageQuery, content: T[], totalElements: number): Page<T> {
  return { content, page: q.page, size: q.size, totalElements, totalPages: Math.ceil(totalElements / q.size) };
}

/** The same page with each row mapped (a presenter, typically). */
export function mapPage<T, U>(page: Page<T>, map: (row: T) => U): Page<U> {
  return { ...page, content: page.content.map(map) };
}
