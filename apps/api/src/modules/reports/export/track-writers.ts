import type { Writable } from 'node:stream';
import type { Position } from '@waymark/contracts/device';
import { csvField, csvLine } from './csv-renderer';
import { breathe, finish, write } from './write-stream';

/** One point of a device's track, in the API's units (metres, knots, degrees, UTC). */
export interface TrackPoint {
  fixTime: Date;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  course: number;
}

/** A track to write: the device's name, and its points read once (a cursor over the period, in time order). */
export interface Track {
  name: string;
  points: () => AsyncIterable<TrackPoint>;
}

const FLUSH_AT = 64 * 1024;

/** XML 1.0 allows no control character but tab, line feed and carriage return, even escaped. */
const allowedInXml = (c: string) => c >= ' ' || c === '\t' || c === '\n' || c === '\r';

/** Text for XML content and attribute values. */
export function xmlText(text: string): string {
  return [...text]
    .filter(allowedInXml)
    .join('')
    .replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const iso = (time: Date) => time.toISOString().replace('.000Z', 'Z');
const coordinate = (value: number) => String(Number(value.toFixed(7)));

/** Writes lines in chunks, waiting for the reader, and lets the event loop run between batches. */
class ChunkWriter {
  private buffer = '';
  private count = 0;

  constructor(private readonly out: Writable) {}

  async add(text: string): Promise<void> {
    this.buffer += text;
    if (this.buffer.length >= FLUSH_AT) {
      await write(this.out, this.buffer);
      this.buffer = '';
    }
    if (++this.count % 2000 === 0) await breathe();
  }

  async end(): Promise<void> {
    await write(this.out, this.buffer);
    this.buffer = '';
    await finish(this.out);
  }
}

/**
 * GPX 1.1: one track of one segment, a trkpt per position with its elevation (metres) and UTC time, course and
 * speed (m/s) in Garmin's TrackPointExtension v2 as most readers take them.
 */
export async function writeGpx(track: Track, out: Writable, generatedAt = new Date()): Promise<void> {
  const w = new ChunkWriter(out);
  const name = xmlText(track.name);
  await w.add(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<gpx version="1.1" creator="Waymark" xmlns="http://www.topografix.com/GPX/1/1"' +
      ' xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2"' +
      ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
      ' xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">\n' +
      `<metadata><name>${name}</name><time>${iso(generatedAt)}</time></metadata>\n` +
      `<trk><name>${name}</name><trkseg>\n`,
  );
  for await (const p of track.points()) {
    await w.add(
      `<trkpt lat="${coordinate(p.latitude)}" lon="${coordinate(p.longitude)}"><ele>${p.altitude}</ele>` +
        `<time>${iso(p.fixTime)}</time><extensions><gpxtpx:TrackPointExtension>` +
        `<gpxtpx:speed>${Number((p.speed * 0.514444).toFixed(3))}</gpxtpx:speed>` +
        `<gpxtpx:course>${p.course}</gpxtpx:course>` +
        '</gpxtpx:TrackPointExtension></extensions></trkpt>\n',
    );
  }
  await w.add('</trkseg></trk>\n</gpx>\n');
  await w.end();
}

/**
 * KML 2.2: the track as a line (longitude,latitude,altitude), then a folder with a placemark per position stamped
 * with its time, so that a viewer's time slider replays it. The points are read twice (the line, then the
 * stamped points), so a long track is never held.
 */
export async function writeKml(track: Track, out: Writable): Promise<void> {
  const w = new ChunkWriter(out);
  const name = xmlText(track.name);
  await w.add(
    '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n' +
      `<Document><name>${name}</name>\n` +
      '<Style id="track"><LineStyle><color>ffd0651e</color><width>3</width></LineStyle></Style>\n' +
      `<Placemark><name>${name}</name><styleUrl>#track</styleUrl>` +
      '<LineString><tessellate>1</tessellate><altitudeMode>clampToGround</altitudeMode><coordinates>\n',
  );
  for await (const p of track.points()) {
    await w.add(`${coordinate(p.longitude)},${coordinate(p.latitude)},${p.altitude}\n`);
  }
  await w.add('</coordinates></LineString></Placemark>\n<Folder><name>Positions</name>\n');
  for await (const p of track.points()) {
    await w.add(
      `<Placemark><TimeStamp><when>${iso(p.fixTime)}</when></TimeStamp>` +
        `<Point><coordinates>${coordinate(p.longitude)},${coordinate(p.latitude)},${p.altitude}</coordinates></Point>` +
        '</Placemark>\n',
    );
  }
  await w.add('</Folder>\n</Document>\n</kml>\n');
  await w.end();
}

/** Traccar's columns of a position CSV, in its units (knots, metres, degrees, UTC); the attributes as JSON. */
const POSITION_CSV_COLUMNS = [
  'id',
  'deviceId',
  'protocol',
  'serverTime',
  'deviceTime',
  'fixTime',
  'valid',
  'latitude',
  'longitude',
  'altitude',
  'speed',
  'course',
  'address',
  'accuracy',
  'attributes',
] as const satisfies readonly (keyof Position)[];

/** Positions as CSV for programs and spreadsheets alike: Traccar's raw columns, a BOM, RFC 4180 quoting. */
export async function writePositionsCsv(positions: AsyncIterable<Position>, out: Writable): Promise<void> {
  const w = new ChunkWriter(out);
  await w.add(`\uFEFF${csvLine(POSITION_CSV_COLUMNS)}`);
  for await (const p of positions) {
    const fields = POSITION_CSV_COLUMNS.map((key) => {
      const value = p[key];
      if (value === null || value === undefined) return '';
      if (typeof value === 'object') return csvField(JSON.stringify(value));
      return csvField(String(value), key === 'address' || key === 'protocol');
    });
    await w.add(csvLine(fields));
  }
  await w.end();
}
