import { NetworkBuilder } from '../../codec/network';
import { addAlarmOnce, clearFix, newPosition, type PositionDraft, setTime } from '../../codec/position-builder';
import type { DecodeResult } from '../protocol.types';

/**
 * TK103 messages without a GNSS fix of their own: battery (ZC20), cells (BZ00), VIN (BV00), command results
 * (ZC03), cell/Wi-Fi fixes (DW5x) and battery-management data (BS5x). Null when the type is none of these.
 */
export function decodeTk103Status(body: string, id: string, type: string): DecodeResult | null {
  const one = (draft: PositionDraft | null): DecodeResult => ({ messages: draft ? [draft] : [], uniqueId: id });
  switch (type) {
    case 'ZC20':
      return one(decodeBattery(body));
    case 'ZC03':
      return one(decodeResult(body));
    case 'BZ00':
      return one(decodeCells(body));
    case 'BV00':
      return one(decodeVin(body));
    default:
      break;
  }
  if (/^DW5[0-9A-F]$/.test(type)) return one(decodeTk103Network(body, type));
  if (type.startsWith('BS5')) return one(decodeBms(body));
  if (type === 'BQ86') return one(null);
  return null;
}

/** `id,ZC20,ddmmyy,hhmmss,level(0-6),battery(cV),power(dV, 65535 = none),...` */
function decodeBattery(body: string): PositionDraft | null {
  const m = /^\d+,ZC20,(\d\d)(\d\d)(\d\d),(\d\d)(\d\d)(\d\d),(\d+),(\d+),(\d+)/.exec(body);
  if (!m) return null;
  const n = (i: number) => Number(m[i]);
  const draft = clearFix(newPosition(), Date.UTC(2000 + n(3), n(2) - 1, n(1), n(4), n(5), n(6)));
  draft.attributes.batteryLevel = Math.floor((n(7) * 100) / 6);
  draft.attributes.battery = n(8) / 100;
  if (n(9) !== 65535) draft.attributes.power = n(9) / 10;
  return draft;
}

/** `id,ZC03,ddmmyy,hhmmss,$free text$`: the device's answer to a command. */
function decodeResult(body: string): PositionDraft | null {
  const m = /^\d+,ZC03,(\d\d)(\d\d)(\d\d),(\d\d)(\d\d)(\d\d),\$([\s\S]*)\$$/.exec(body);
  if (!m) return null;
  const n = (i: number) => Number(m[i]);
  const draft = clearFix(newPosition(), Date.UTC(2000 + n(3), n(2) - 1, n(1), n(4), n(5), n(6)));
  draft.attributes.result = m[7] as string;
  return draft;
}

/**
 * Cells, either `BZ00,mcc,mnc,lac,cid,...` (hex lac/cid, the first tower only) or
 * `BZ00,{mcc,mnc,lac,cid}{...},odometer(hex)` (decimal towers).
 */
function decodeCells(body: string): PositionDraft | null {
  const network = new NetworkBuilder();
  const draft = clearFix(newPosition());
  const braces = /^\d+BZ00,((?:\{[^}]*\}\s*)+),([0-9A-Fa-f]+)/.exec(body);
  if (braces) {
    for (const [, inner] of (braces[1] as string).matchAll(/\{([^}]*)\}/g)) {
      const [mcc, mnc, lac, cid] = (inner ?? '').split(',').map((v) => Number(v));
      network.addCell(mcc as number, mnc as number, lac as number, cid as number);
    }
    draft.attributes.odometer = Number.parseInt(braces[2] as string, 16);
  } else {
    const plain = /^\d+BZ00,(\d+),(\d+),([0-9A-Fa-f]+),([0-9A-Fa-f]+)/.exec(body);
    if (!plain) return null;
    const hex = (i: number) => Number.parseInt(plain[i] as string, 16);
    network.addCell(Number(plain[1]), Number(plain[2]), hex(3), hex(4));
  }
  draft.network = network.build();
  return draft;
}

function decodeVin(body: string): PositionDraft | null {
  const m = /^\d+BV00([0-9A-Z]+)/.exec(body);
  if (!m) return null;
  const draft = clearFix(newPosition());
  draft.attributes.vin = m[1] as string;
  return draft;
}

/**
 * Battery management (BS5x): `NN:hex` items, little-endian words. 90: total voltage (0.1 V), gathered voltage,
 * current (0.1 A, offset 30000), state of charge (0.1 %); 91: highest/lowest cell voltage (mV) with their cell
 * numbers; 92: highest/lowest temperature (+40 °C) with their probes; 96: frame number and seven cell temperatures.
 */
function decodeBms(body: string): PositionDraft | null {
  const draft = clearFix(newPosition());
  const attributes = draft.attributes;
  const items = body.replace(/^\d+BS5./, '').split(',');
  for (const item of items) {
    const m = /^([0-9A-F]{2}):([0-9A-Fa-f]+)$/.exec(item);
    if (!m) continue;
    const data = Buffer.from(m[2] as string, 'hex');
    const word = (offset: number) => (data.length >= offset + 2 ? data.readUInt16LE(offset) : Number.NaN);
    const byte = (offset: number) => data[offset] ?? Number.NaN;
    switch (m[1]) {
      case '90':
        attributes.cumulativeVoltage = word(0) / 10;
        attributes.gatherVoltage = word(2) / 10;
        attributes.current = (word(4) - 30000) / 10;
        attributes.soc = word(6) / 10;
        break;
      case '91':
        attributes.maxCellVoltage = word(0) / 1000;
        attributes.maxCellVoltageCount = byte(2);
        attributes.minCellVoltage = word(3) / 1000;
        attributes.minCellVoltageCount = byte(5);
        break;
      case '92':
        attributes.maxTemp = byte(0) - 40;
        attributes.maxTempCount = byte(1);
        attributes.minTemp = byte(2) - 40;
        attributes.minTempCount = byte(3);
        break;
      case '96': {
        const frame = byte(0);
        for (let i = 1; i < data.length && i <= 7; i++) {
          attributes[`cellTemp${(frame - 1) * 7 + i}`] = (data[i] as number) - 40;
        }
        break;
      }
      default:
        break;
    }
  }
  for (const [key, value] of Object.entries(attributes)) {
    if (typeof value === 'number' && !Number.isFinite(value)) delete attributes[key];
  }
  return draft;
}

/** Alarms of the comma form, by message type (ZC1x / DW3x GNSS, DW5x network). */
const TYPE_ALARMS: Record<string, string> = {};
for (const [types, alarm] of [
  [['ZC11', 'DW31', 'DW51'], 'movement'],
  [['ZC12', 'DW32', 'DW52'], 'lowBattery'],
  [['ZC13', 'DW33', 'DW53'], 'powerCut'],
  [['ZC15', 'DW35', 'DW55'], 'geofenceEnter'],
  [['ZC16', 'DW36', 'DW56'], 'geofenceExit'],
  [['ZC17', 'DW37', 'DW57'], 'removing'],
  [['ZC25', 'DW3E', 'DW5E'], 'sos'],
  [['ZC26', 'DW3F', 'DW5F'], 'tampering'],
  [['ZC27', 'DW40', 'DW60'], 'lowPower'],
] as const) {
  for (const type of types) TYPE_ALARMS[type] = alarm;
}

export function tk103TypeAlarm(type: string): string | undefined {
  return TYPE_ALARMS[type];
}

/** Cell and Wi-Fi fix of the DW5x messages: `id,DW5x,mcc,mnc,lac,cid,n,mac*rssi*channel...,ddmmyy,hhmmss`. */
function decodeTk103Network(body: string, type: string): PositionDraft | null {
  const fields = body.split(',');
  if (fields.length < 9) return null;
  const [mcc, mnc, lac, cid, count] = fields.slice(2, 7).map((f) => Number(f));
  const network = new NetworkBuilder();
  network.addCell(mcc as number, mnc as number, lac as number, cid as number);
  const wifiCount = Number.isInteger(count) ? (count as number) : 0;
  for (const item of fields.slice(7, 7 + wifiCount)) {
    const [mac, rssi, channel] = item.split('*');
    network.addWifi(mac ?? '', Number(rssi), Number(channel));
  }
  const date = fields.at(-2) ?? '';
  const time = fields.at(-1) ?? '';
  if (!/^\d{6}$/.test(date) || !/^\d{6}$/.test(time)) return null;
  const draft = newPosition();
  const when = Date.UTC(
    2000 + Number(date.slice(4, 6)),
    Number(date.slice(2, 4)) - 1,
    Number(date.slice(0, 2)),
    Number(time.slice(0, 2)),
    Number(time.slice(2, 4)),
    Number(time.slice(4, 6)),
  );
  clearFix(draft, when);
  setTime(draft, when);
  draft.network = network.build();
  addAlarmOnce(draft, TYPE_ALARMS[type]);
  return draft;
}
