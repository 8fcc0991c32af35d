import type { Position } from '@waymark/contracts/device';
import type { ReportQuery } from '@waymark/contracts/report';
import type { ScheduledReportType } from '@waymark/contracts/scheduled-report';
import type { Geocoder } from '../../geocoding/geocoder';
import type { AuthContext } from '../../plugins/app/auth-context';
import { presentEvent } from '../events/events.presenter';
import { eventsReport } from '../events/events.service';
import { combinedReport } from '../reports/combined.report';
import type { ReportNames } from '../reports/export/report-columns';
import type { ReportRowTypes } from '../reports/export/report-export';
import { loadReportNames } from '../reports/export/report-names';
import { geofencesReport } from '../reports/geofences.report';
import { addressedStops, addressedTrips } from '../reports/report-addresses';
import { routePositions, routeScope } from '../reports/route.report';
import { summaryReport } from '../reports/summary.report';

/** The rows of one report type, and the names its rows refer to by id. */
export type ScheduledRows<T extends ScheduledReportType = ScheduledReportType> = {
  rows: Iterable<ReportRowTypes[T]> | AsyncIterable<ReportRowTypes[T]>;
  names?: ReportNames;
};

async function* flatten(chunks: AsyncIterable<Position[]>): AsyncGenerator<Position> {
  for await (const chunk of chunks) yield* chunk;
}

const deviceIdsOf = (rows: { deviceId: number }[]) => [...new Set(rows.map((r) => r.deviceId))];

/**
 * A report's rows as the caller (a scheduled report's owner) would download them: the same services and
 * presenters as GET /api/reports/<type>, so that a mailed file equals the downloaded one: trips and stops carry
 * the addresses the geocoder finds, while it is on. The route streams.
 */
export async function scheduledRows(
  auth: AuthContext,
  type: ScheduledReportType,
  q: ReportQuery,
  geocoder: Geocoder,
): Promise<ScheduledRows> {
  switch (type) {
    case 'route': {
      const { from, to, devices } = await routeScope(auth, q);
      const ids = devices.map((d) => d.id);
      return { rows: flatten(routePositions(auth, ids, from, to)), names: await loadReportNames(auth, ids) };
    }
    case 'events': {
      const rows = (await eventsReport(auth, q)).rows.map(presentEvent);
      return { rows, names: await loadReportNames(auth, deviceIdsOf(rows)) };
    }
    case 'trips':
      return { rows: await addressedTrips(geocoder, auth, q) };
    case 'stops':
      return { rows: await addressedStops(geocoder, auth, q) };
    case 'summary':
      return { rows: await summaryReport(auth, q) };
    case 'geofences':
      return { rows: await geofencesReport(auth, q) };
    case 'combined': {
      const rows = await combinedReport(auth, q);
      return { rows, names: await loadReportNames(auth, deviceIdsOf(rows)) };
    }
  }
}
