import type { CellTower, PositionAttributes, WifiAccessPoint } from '@waymark/contracts/position';
import { cellTowerSchema, wifiAccessPointSchema } from '@waymark/contracts/position';
import { newPosition } from '../../codec/position-builder';
import { parseJavaDouble, parseJavaInt } from '../../codec/units';
import type { DecodeResult, HttpRequestFrame, SessionView } from '../protocol.types';
import { osmandTime } from './osmand-time';

/**
 * The query-string form of the Traccar Client / OsmAnd (`?id=…&lat=…&lon=…&timestamp=…`), in the URL or, when the
 * URL has none, as an x-www-form-urlencoded body. Speed is in knots as sent. Unknown keys become attributes
 * (number, boolean or text, as Traccar does). A request without a device id is refused with 400.
 */
export function decodeOsmandQuery(frame: HttpRequestFrame, session: SessionView): DecodeResult {
  const params = groupedParams(frame);
  const position = newPosition();
  position.valid = true;
  const attributes: PositionAttributes = position.attributes;
  const cells: CellTower[] = [];
  const wifis: WifiAccessPoint[] = [];
  let uniqueId: string | undefined;
  let time: Date | undefined;
  let latitude: number | undefined;
  let longitude: number | undefined;

  for (const [key, values] of params) {
    for (const value of values) {
      if (value === '') continue;
      switch (key) {
        case 'id':
        case 'deviceid':
          uniqueId = value;
          break;
        case 'valid':
          position.valid = value.toLowerCase() === 'true' || value === '1';
          break;
        case 'timestamp':
          time = osmandTime(value);
          break;
        case 'lat':
          latitude = number(key, value);
          break;
        case 'lon':
          longitude = number(key, value);
          break;
        case 'location': {
          const [lat = '', lon = ''] = value.split(',');
          latitude = number(key, lat);
          longitude = number(key, lon);
          break;
        }
        case 'cell':
          addCell(cells, value);
          break;
        case 'wifi':
          addWifi(wifis, value);
          break;
        case 'speed':
          position.speed = nonNegative(number(key, value));
          break;
        case 'bearing':
        case 'heading':
          position.course = courseOf(number(key, value));
          break;
        case 'altitude':
          position.altitude = number(key, value);
          break;
        case 'accuracy':
          position.accuracy = nonNegative(number(key, value));
          break;
        case 'hdop':
          attributes.hdop = number(key, value);
          break;
        case 'batt':
          attributes.batteryLevel = number(key, value);
          break;
        case 'driverUniqueId':
          attributes.driverUniqueId = value;
          break;
        default:
          attributes[key] = parseJavaDouble(value) ?? (value === 'true' ? true : value === 'false' ? false : value);
      }
    }
  }

  if (!uniqueId) return { messages: [], ack: { status: 400 } };
  const when = (time ?? session.receivedAt).toISOString();
  position.deviceTime = when;
  position.fixTime = when;
  if (cells.length > 0 || wifis.length > 0) {
    position.network = {
      radioType: 'gsm',
      considerIp: false,
      ...(cells.length > 0 ? { cellTowers: cells } : {}),
      ...(wifis.length > 0 ? { wifiAccessPoints: wifis } : {}),
    };
  }
  if (latitude !== undefined && longitude !== undefined) {
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw new Error('coordinates out of range');
    position.latitude = latitude;
    position.longitude = longitude;
  } else {
    position.outdated = true; // no location of its own: the pipeline reuses the last known one
  }
  return { messages: [position], uniqueId, ack: { status: 200 } };
}

/** Parameters grouped by key in order of first appearance, as Netty's QueryStringDecoder gives them. */
function groupedParams(frame: HttpRequestFrame): Map<string, string[]> {
  const query = frame.url.includes('?') ? frame.url.slice(frame.url.indexOf('?') + 1) : '';
  let search = new URLSearchParams(query);
  if ([...search.keys()].length === 0) search = new URLSearchParams(frame.body.toString('latin1'));
  const grouped = new Map<string, string[]>();
  for (const [key, value] of search) grouped.set(key, [...(grouped.get(key) ?? []), value]);
  return grouped;
}

function number(key: string, value: string): number {
  const parsed = parseJavaDouble(value);
  if (parsed === undefined) throw new Error(`${key} is not a number`);
  return parsed;
}

const nonNegative = (value: number): number => Math.max(value, 0);
const courseOf = (value: number): number => (value >= 0 && value <= 360 ? value : 0);

/** `mcc,mnc,lac,cid[,rssi]`; a tower outside the valid ranges is left out. */
function addCell(cells: CellTower[], value: string): void {
  const parts = value.split(',').map((p) => parseJavaInt(p));
  if (parts.length < 4 || parts.some((p) => p === undefined)) throw new Error('cell is malformed');
  const [mcc, mnc, lac, cid, rssi] = parts as number[];
  const tower = cellTowerSchema.safeParse({
    mobileCountryCode: mcc,
    mobileNetworkCode: mnc,
    locationAreaCode: lac,
    cellId: cid,
    ...(rssi !== undefined ? { signalStrength: rssi } : {}),
  });
  if (tower.success) cells.push(tower.data);
}

/** `mac,rssi` with the MAC in dashes or colons. */
function addWifi(wifis: WifiAccessPoint[], value: string): void {
  const [mac = '', rssi = ''] = value.split(',');
  const signalStrength = parseJavaInt(rssi);
  if (signalStrength === undefined) throw new Error('wifi is malformed');
  const ap = wifiAccessPointSchema.safeParse({ macAddress: mac.replaceAll('-', ':'), signalStrength });
  if (ap.success) wifis.push(ap.data);
}
