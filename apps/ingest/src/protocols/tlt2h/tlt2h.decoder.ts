import type { CellTower, WifiAccessPoint } from '@waymark/contracts/position';
import { isoTime, utcDate } from '../../codec/dates';
import { cellTowerInRange, networkOf } from '../../codec/network';
import { newPosition, type PositionDraft, setLocation } from '../../codec/position-builder';
import type { DecodedPosition, Decoder } from '../protocol.types';

const HEADER = /^#(\d+)#[^#]*#\d*(?:#([01])#(\d+)#(\d+)#(\d+)#(\d+))?#([^#]+)#\d+$/;
const RMC =
  /\$GPRMC,(\d{2})(\d{2})(\d{2})\.\d+,([AVL]),(\d+)(\d{2}\.\d+),([NS]),(\d+)(\d{2}\.\d+),([EW]),(\d+\.?\d*)?,(\d+\.?\d*)?,(\d{2})(\d{2})(\d{2})/;
const WIFI = /\$WIFI,(\d{2})(\d{2})(\d{2})\.\d+,[AVL],(.*),(\d{2})(\d{2})(\d{2})\*[0-9A-Fa-f]{2}$/;

/** Device states of the header: ignition, or an alarm. */
const STATUS: Readonly<Record<string, { ignition?: boolean; alarm?: string }>> = {
  AUTOSTART: { ignition: true },
  AUTO: { ignition: true },
  AUTOSTOP: { ignition: false },
  AUTOLOW: { ignition: false },
  TOWED: { alarm: 'tow' },
  SOS: { alarm: 'sos' },
  DEF: { alarm: 'powerCut' },
  BLP: { alarm: 'lowBattery' },
  CLP: { alarm: 'lowPower' },
  OS: { alarm: 'geofenceExit' },
  RS: { alarm: 'geofenceEnter' },
  OVERSPEED: { alarm: 'overspeed' },
};

/**
 * Xexun TLT-2H/MT-series batches (Traccar's tlt2h): a header line `#imei#model#password[#door#fuel#power#battery#temp]
 * #status#count`, then one record per line, `#<battery or cell>$GPRMC,…` (a fix) or `#<battery>#<mcc,mnc,lac,cid>
 * $WIFI,time,A,rssi,mac,…,date*cs` (Wi-Fi access points, no fix of its own). The record prefix is the battery in
 * tenths of a volt (2 digits) or millivolts (4 digits); other prefixes (cell ids in hex) are skipped. The header's
 * values and status apply to every record. No acknowledgement.
 */
export const decodeTlt2h: Decoder<Buffer> = (frame) => {
  const text = frame.toString('latin1').trim();
  const lineEnd = text.indexOf('\n');
  const header = HEADER.exec((lineEnd >= 0 ? text.slice(0, lineEnd) : text).trim());
  if (!header || lineEnd < 0) return { messages: [] };
  const g = (i: number) => header[i] as string;
  const common: PositionDraft['attributes'] = {};
  if (header[2] !== undefined) {
    common.door = g(2) === '1';
    common.adc1 = Number(g(3)) * 0.1;
    common.power = Number(g(4)) * 0.1;
    common.battery = Number(g(5)) * 0.1;
    common.temp1 = Number(g(6)) * 0.1;
  }
  const status = STATUS[g(7)];
  if (status?.ignition !== undefined) common.ignition = status.ignition;
  if (status?.alarm) common.alarm = status.alarm;

  const messages: DecodedPosition[] = [];
  for (const line of text.slice(lineEnd + 1).split('\n')) {
    const record = line.trim();
    const position = record.includes('$GPRMC')
      ? fixRecord(record)
      : record.includes('$WIFI')
        ? wifiRecord(record)
        : null;
    if (!position) continue;
    Object.assign(position.attributes, common);
    messages.push(position);
  }
  return { messages, uniqueId: g(1) };
};

/** The prefix between `#` and `$`: battery (`38`, `4106`) and, before Wi-Fi records, the serving cell. */
function readPrefix(record: string, position: PositionDraft): CellTower | null {
  const prefix = record.slice(record.startsWith('#') ? 1 : 0, record.indexOf('$'));
  const [voltage = '', cell = ''] = prefix.split('#');
  if (/^\d{2}$/.test(voltage)) position.attributes.battery = Number(voltage) * 0.1;
  else if (/^\d{4}$/.test(voltage)) position.attributes.battery = Number(voltage) * 0.001;
  const parts = cell.split(',');
  if (parts.length !== 4 || !/^\d+$/.test(parts[0] ?? '') || !/^\d+$/.test(parts[1] ?? '')) return null;
  return cellTowerInRange(
    Number(parts[0]),
    Number(parts[1]),
    Number.parseInt(parts[2] ?? '', 16),
    Number.parseInt(parts[3] ?? '', 16),
  );
}

function fixRecord(record: string): PositionDraft | null {
  const m = RMC.exec(record);
  if (!m) return null;
  const g = (i: number) => m[i] as string;
  const position = newPosition();
  readPrefix(record, position);
  const time = isoTime(utcDate(+g(15), +g(14), +g(13), +g(1), +g(2), +g(3)));
  position.deviceTime = time;
  position.fixTime = time;
  position.valid = g(4) === 'A';
  const latitude = (+g(5) + +g(6) / 60) * (g(7) === 'S' ? -1 : 1);
  const longitude = (+g(8) + +g(9) / 60) * (g(10) === 'W' ? -1 : 1);
  setLocation(position, latitude, longitude);
  position.speed = m[11] ? Number(m[11]) : 0;
  position.course = m[12] ? Number(m[12]) : 0;
  return position;
}

function wifiRecord(record: string): PositionDraft | null {
  const m = WIFI.exec(record);
  if (!m) return null;
  const g = (i: number) => m[i] as string;
  const position = newPosition();
  const tower = readPrefix(record, position);
  position.outdated = true;
  position.deviceTime = isoTime(utcDate(+g(7), +g(6), +g(5), +g(1), +g(2), +g(3)));
  const values = g(4).split(',');
  const points: WifiAccessPoint[] = [];
  for (let i = 0; i + 1 < values.length; i += 2) {
    const rssi = values[i] ?? '';
    const mac = values[i + 1] ?? '';
    if (!/^-?\d+$/.test(rssi) || !/^[0-9A-Fa-f]{12}$/.test(mac)) continue;
    points.push({ macAddress: (mac.match(/../g) as string[]).join(':'), signalStrength: Number(rssi) });
  }
  position.network = networkOf([tower], points);
  return position;
}
