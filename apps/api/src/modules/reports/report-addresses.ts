import type { ReportStop, ReportTrip } from '@waymark/contracts/report';
import type { Place } from '../../geocoding/fill-addresses';

const missing = (address: string | null) => address === null || address.trim() === '';

/** The start and end of trips whose stored positions carry no address. */
export function tripPlaces(rows: ReportTrip[]): Place[] {
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
export function stopPlaces(rows: ReportStop[]): Place[] {
  return rows
    .filter((row) => missing(row.address))
    .map((row) => ({
      ...row,
      fill: (a: string) => {
        row.address = a;
      },
    }));
}
