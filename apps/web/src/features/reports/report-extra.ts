import { EVENT_REPORT_ALL, EVENT_TYPES } from '@waymark/contracts/event';
import type { ReportPageId } from './report-pages';

const DEFAULT_CHART_KEYS = ['speed'];

/** The event types chosen on the events report (`type`, repeated); none means all. */
export const chosenEventTypes = (params: URLSearchParams) =>
  params.getAll('type').filter((type) => (EVENT_TYPES as readonly string[]).includes(type));

/** The chart's series (`key`, repeated), speed by default. */
export function chosenChartKeys(params: URLSearchParams): string[] {
  const keys = params.getAll('key').filter(Boolean);
  return keys.length ? [...new Set(keys)] : DEFAULT_CHART_KEYS;
}

/**
 * A page's own API parameters from its URL, sent with its report, its downloads and its preview: the events'
 * types (allEvents when none is chosen), the summary's daily rows, the trips of groups, the chart's series.
 */
export function extraParamsOf(id: ReportPageId, params: URLSearchParams): Array<readonly [string, string]> {
  switch (id) {
    case 'events': {
      const types = chosenEventTypes(params);
      return (types.length ? types : [EVENT_REPORT_ALL]).map((type) => ['type', type] as const);
    }
    case 'summary':
      return params.get('daily') === 'true' ? [['daily', 'true']] : [];
    case 'trips':
      return params.get('groupTrips') === 'true' ? [['groupTrips', 'true']] : [];
    case 'chart':
      return chosenChartKeys(params).map((key) => ['key', key] as const);
    default:
      return [];
  }
}
