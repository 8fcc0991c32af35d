import { describe, expect, it } from 'vitest';
import { osmandTime } from './osmand-time';

describe('osmandTime', () => {
  it('reads seconds, milliseconds, ISO-8601 and the SQL-like form', () => {
    expect(osmandTime('1377177267').toISOString()).toBe('2013-08-22T13:14:27.000Z');
    expect(osmandTime('1442068686579').toISOString()).toBe('2015-09-12T14:38:06.579Z');
    expect(osmandTime('2025-06-15T13:45:12.862Z').toISOString()).toBe('2025-06-15T13:45:12.862Z');
    expect(osmandTime('2025-06-15T15:45:12+02:00').toISOString()).toBe('2025-06-15T13:45:12.000Z');
    expect(osmandTime('2025-06-15T13:45:12').toISOString()).toBe('2025-06-15T13:45:12.000Z');
    expect(osmandTime('2025-06-15 13:45:12').toISOString()).toBe('2025-06-15T13:45:12.000Z');
  });

  it('refuses what is not a time', () => {
    for (const bad of ['yesterday', '2025-13-45T99:99', '12:00', '1e9']) expect(() => osmandTime(bad), bad).toThrow();
  });
});
