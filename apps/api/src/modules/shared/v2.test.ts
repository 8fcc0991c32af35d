import { pageQuerySchema } from '@waymark/contracts/common';
import { describe, expect, it } from 'vitest';
import { data, mapPage, pageArgs, pageOf } from './v2';

const SORTABLE = ['id', 'name'] as const;

describe('v2 paging', () => {
  it('turns page, size and an allowed sort into Prisma skip, take and orderBy', () => {
    const q = pageQuerySchema.parse({ page: '2', size: '25', sortBy: 'name', sortOrder: 'desc' });
    expect(pageArgs(q, SORTABLE)).toEqual({ skip: 50, take: 25, orderBy: { name: 'desc' } });
  });

  it('sorts by the first sortable field when sortBy is missing or not allowed', () => {
    expect(pageArgs(pageQuerySchema.parse({}), SORTABLE)).toEqual({ skip: 0, take: 10, orderBy: { id: 'asc' } });
    expect(pageArgs(pageQuerySchema.parse({ sortBy: 'passwordHash' }), SORTABLE).orderBy).toEqual({ id: 'asc' });
  });

  it('builds the page with its totals, mapped row by row, in the data envelope', () => {
    const q = pageQuerySchema.parse({ page: '1', size: '2' });
    const page = mapPage(pageOf(q, [1, 2], 5), (n) => n * 10);
    expect(data(page)).toEqual({ data: { content: [10, 20], page: 1, size: 2, totalElements: 5, totalPages: 3 } });
  });
});
