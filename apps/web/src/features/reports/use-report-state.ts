import { useQueryClient } from '@tanstack/react-query';
import { REPORT_MAX_DAYS } from '@waymark/contracts/report';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ReportPageSpec } from './report-pages';
import { type ReportSearch, readReportSearch, reportApiQuery, writeReportSearch } from './report-search';
import { reportKeys } from './reports.queries';

/**
 * A report page's state from its URL: what is chosen, the API query it makes (or why none), `apply` for the
 * form's Show button and `setExtra` for the page's own parameters (event types, daily rows, chart series).
 */
export function useReportState(spec: ReportPageSpec) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const text = params.toString();
  // "now" of the presets and of the default custom range: taken when the URL changes, so requests stay the same
  // while the page is open
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new URL is a new "now"
  const now = useMemo(() => new Date(), [text]);
  const search = useMemo(() => readReportSearch(new URLSearchParams(text), now), [text, now]);
  const api = useMemo(() => reportApiQuery(search, now, REPORT_MAX_DAYS[spec.api]), [search, now, spec.api]);

  const apply = useCallback(
    (next: ReportSearch) => {
      const written = writeReportSearch(next, new URLSearchParams(text));
      // Show on an unchanged report asks again: the period may have new data
      if (written.toString() === text) void queryClient.invalidateQueries({ queryKey: reportKeys.all });
      else setParams(written);
    },
    [text, setParams, queryClient],
  );

  const setExtra = useCallback(
    (name: string, values: readonly string[]) => {
      setParams(
        (old) => {
          const next = new URLSearchParams(old);
          next.delete(name);
          for (const value of values) next.append(name, value);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { params, search, query: api.query, problem: api.problem, apply, setExtra };
}

export type ReportState = ReturnType<typeof useReportState>;

/** The API query with a page's own parameters added (they also go to the downloads). */
export function withExtra(query: URLSearchParams | null, extra: ReadonlyArray<readonly [string, string]>) {
  if (!query) return null;
  const next = new URLSearchParams(query);
  for (const [name, value] of extra) next.append(name, value);
  return next;
}
