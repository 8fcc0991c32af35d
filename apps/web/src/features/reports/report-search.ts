import { defaultCustomRange, exceedsDays, PERIODS, type Period, reportRange } from '../../lib/period';

/**
 * What a report page shows, kept in its URL so that a report is linkable: repeated `deviceId` and `groupId`,
 * `period` (default today) and, for a custom period, `from` and `to` as local `YYYY-MM-DDTHH:mm`. A page's own
 * choices (event types, daily rows, chart series) are further parameters it reads itself.
 */
export interface ReportSearch {
  deviceIds: number[];
  groupIds: number[];
  period: Period;
  /** custom period only */
  from: string;
  to: string;
}

const ids = (params: URLSearchParams, name: string) =>
  [...new Set(params.getAll(name).map(Number))].filter((id) => Number.isInteger(id) && id > 0);

/** The report of a URL; a custom period without ends gets the default one (the last hour). */
export function readReportSearch(params: URLSearchParams, now: Date): ReportSearch {
  const raw = params.get('period');
  const period = (PERIODS as readonly string[]).includes(raw ?? '') ? (raw as Period) : 'today';
  const fallback = defaultCustomRange(now);
  return {
    deviceIds: ids(params, 'deviceId'),
    groupIds: ids(params, 'groupId'),
    period,
    from: params.get('from') || fallback.from,
    to: params.get('to') || fallback.to,
  };
}

/** The URL of a report: `search` over `base`, whose other parameters (the page's own) are kept. */
export function writeReportSearch(search: ReportSearch, base: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const name of ['deviceId', 'groupId', 'period', 'from', 'to']) next.delete(name);
  for (const id of search.deviceIds) next.append('deviceId', String(id));
  for (const id of search.groupIds) next.append('groupId', String(id));
  next.set('period', search.period);
  if (search.period === 'custom') {
    next.set('from', search.from);
    next.set('to', search.to);
  }
  return next;
}

export type ReportProblem = 'noDevices' | 'badRange' | 'tooLong';

/**
 * The API query of a report (deviceId, groupId, from and to in ISO-8601 UTC), or why there is none: no device
 * or group chosen, a custom range that is incomplete or backwards, or a period longer than the report allows.
 */
export function reportApiQuery(
  search: ReportSearch,
  now: Date,
  maxDays: number,
): { query: URLSearchParams; problem: null } | { query: null; problem: ReportProblem } {
  if (search.deviceIds.length === 0 && search.groupIds.length === 0) return { query: null, problem: 'noDevices' };
  const range = reportRange(search.period, now, search);
  if (!range) return { query: null, problem: 'badRange' };
  if (exceedsDays(range, maxDays)) return { query: null, problem: 'tooLong' };
  const query = new URLSearchParams();
  for (const id of search.deviceIds) query.append('deviceId', String(id));
  for (const id of search.groupIds) query.append('groupId', String(id));
  query.set('from', range.from.toISOString());
  query.set('to', range.to.toISOString());
  return { query, problem: null };
}
