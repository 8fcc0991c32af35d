import type { ReportQuery, ReportStop, ReportTrip } from '@waymark/contracts/report';
import type { Place } from '../../geocoding/fill-addresses';
import { fillAddresses } from '../../geocoding/fill-addresses';
import type { Geocoder } from '../../geocoding/geocoder';
import type { AuthContext } from '../../plugins/app/auth-context';
import { presentStops, presentTrips } from './segments.presenter';
import { segmentsReport } from './segments.report';

const missing = (address: string | null) => address === null || address.trim() === '';

/** The start and end of trips whose stored positions carry no address. */
function tripPlaces(rows: ReportTrip[]): Place[] {
  return rows.flatMap((row) => {
    const places: Place[] = [];
    const start = (address: string) => {
      row.startAddress = address;
    };
    const end = (address: string) => {
      row.endAddress = address;
    };
    if (missing(row.startAddress)) places.push({ latitude: row.startLat, longitude: row.startLon, fill: start });
    if (missing(row.endAddress)) places.push({ latitude: row.endLat, longitude: row.endLon, fill: end });
    return places;
  });
}

/** Stops whose stored position carries no address. */
function stopPlaces(rows: ReportStop[]): Place[] {
  return rows
    .filter((row) => missing(row.address))
    .map((row) => ({
      ...row,
      fill: (a: string) => {
        row.address = a;
      },
    }));
}

/**
 * A trips report's rows, their missing start and end addresses looked up while geocoding is on (through the cache
 * and the provider's rate; a failing provider leaves them empty): what GET /api/reports/trips, its downloads and
 * the scheduled reports show alike.
 */
export async function addressedTrips(geocoder: Geocoder, auth: AuthContext, q: ReportQuery): Promise<ReportTrip[]> {
  const rows = await presentTrips(auth, await segmentsReport(auth, 'trip', q));
  await fillAddresses(geocoder, tripPlaces(rows));
  return rows;
}

/** A stops report's rows, their missing addresses looked up as addressedTrips does. */
export async function addressedStops(geocoder: Geocoder, auth: AuthContext, q: ReportQuery): Promise<ReportStop[]> {
  const rows = await presentStops(auth, await segmentsReport(auth, 'stop', q));
  await fillAddresses(geocoder, stopPlaces(rows));
  return rows;
}
