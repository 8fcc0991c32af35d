import type { CellTower, WifiAccessPoint } from '@waymark/contracts/position';
import { cellTowerInRange, networkOf, wifiAccessPoint } from '../../codec/network';
import { newPositionAt, setLocation } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import type { DecodedPosition } from '../protocol.types';

/** Seconds of the Meitrack clock (2000-01-01T00:00:00Z) in Unix milliseconds. */
const EPOCH_2000 = Date.UTC(2000, 0, 1);

/** Little-endian reads that fail with a clear message instead of reading past the end. */
class Reader {
  constructor(
    private readonly buf: Buffer,
    public offset = 0,
    private readonly end = buf.length,
  ) {}
  private take(n: number): number {
    if (this.offset + n > this.end) throw new Error(`meitrack binary data truncated at byte ${this.offset}`);
    const at = this.offset;
    this.offset += n;
    return at;
  }
  u8 = () => this.buf.readUInt8(this.take(1));
  u16 = () => this.buf.readUInt16LE(this.take(2));
  i16 = () => this.buf.readInt16LE(this.take(2));
  u32 = () => this.buf.readUInt32LE(this.take(4));
  i32 = () => this.buf.readInt32LE(this.take(4));
  bytes = (n: number) => this.buf.subarray(this.take(n), this.offset);
  get remaining() {
    return this.end - this.offset;
  }
}

const timeOf = (seconds: number) => new Date(EPOCH_2000 + seconds * 1000).toISOString();

/**
 * CCE, the T366/T333/T399 compressed report: `<remaining cache u32><packet count u16>` then per packet
 * `<length u16><index u16>` and four groups of parameters — with 1-, 2- and 4-byte values, then length-prefixed
 * values — each group led by its count; an id is one byte, or two when the first is 0xFE. All little-endian.
 */
export function decodeMeitrackCce(body: Buffer): DecodedPosition[] {
  const reader = new Reader(body);
  reader.u32(); // records still cached in the device
  const count = reader.u16();
  const positions: DecodedPosition[] = [];
  for (let i = 0; i < count; i++) {
    const length = reader.u16();
    const end = reader.offset + length;
    if (end > body.length) throw new Error(`meitrack CCE packet ${i} overruns the message`);
    positions.push(decodeCcePacket(new Reader(body, reader.offset, end)));
    reader.offset = end;
  }
  return positions;
}

function decodeCcePacket(reader: Reader): DecodedPosition {
  const position = newPositionAt();
  const a = position.attributes;
  const towers: (CellTower | null)[] = [];
  const wifis: (WifiAccessPoint | null)[] = [];
  let latitude: number | undefined;
  let longitude: number | undefined;
  reader.u16(); // packet index
  const id = () => {
    const first = reader.u8();
    return first === 0xfe ? 0xfe00 | reader.u8() : first;
  };

  for (let n = reader.u8(); n > 0; n--) {
    const key = id();
    const value = reader.u8();
    if (key === 0x01) a.event = value;
    else if (key === 0x05) position.valid = value > 0;
    else if (key === 0x06) a.sat = value;
    else if (key === 0x07) a.rssi = value;
    else if (key === 0x14) a.output = value;
    else if (key === 0x15) a.input = value;
    else if (key === 0x47 && value > 0) a.lock = value === 2;
    else if (key === 0xfe69) a.batteryLevel = value;
  }
  for (let n = reader.u8(); n > 0; n--) {
    const key = id();
    const value = reader.u16();
    if (key === 0x08) position.speed = knotsFromKph(value);
    else if (key === 0x09) position.course = value;
    else if (key === 0x0a) a.hdop = value;
    else if (key === 0x0b) position.altitude = value >= 0x8000 ? value - 0x10000 : value;
    else if (key >= 0x16 && key <= 0x18) a[`adc${key - 0x15}`] = value / 100;
    else if (key === 0x19) a.battery = value / 100;
    else if (key === 0x1a) a.power = value / 100;
    else if (key === 0x40) a.event = value;
    else if (key === 0x91 || key === 0x92) a.obdSpeed = value;
    else if (key === 0x99) a.rpm = value;
    else if (key === 0x9c) a.coolantTemp = value;
    else if (key === 0xc9) a.fuelConsumption = value;
  }
  for (let n = reader.u8(); n > 0; n--) {
    const key = id();
    const value = reader.u32();
    if (key === 0x02) latitude = (value | 0) / 1e6;
    else if (key === 0x03) longitude = (value | 0) / 1e6;
    else if (key === 0x04) position.deviceTime = position.fixTime = timeOf(value);
    else if (key === 0x0c) a.odometer = value;
    else if (key === 0x0d) a.runtime = value;
    else if (key === 0x25) a.driverUniqueId = String(value);
    else if (key === 0x9b) a.obdOdometer = value;
  }
  for (let n = reader.u8(); n > 0; n--) {
    const key = id();
    const data = new Reader(reader.bytes(reader.u8()));
    if (key === 0x0e && data.remaining >= 12) {
      const [mcc, mnc, lac, cid, rssi] = [data.u16(), data.u16(), data.u16(), data.u32(), data.i16()];
      towers.push(cellTowerInRange(mcc, mnc, lac, cid, rssi));
    } else if (key >= 0x1d && key <= 0x24 && data.remaining >= 8) {
      wifis.push(wifiAccessPoint(data.bytes(6), data.i16()));
    } else if (key === 0xfe73 && data.remaining >= 2) {
      data.u8(); // tag format
      a.tagName = data.bytes(data.u8()).toString('latin1');
      data.bytes(6); // tag MAC
      a.tagBattery = data.u8();
      a.tagTemp = data.i16() / 256;
      a.tagHumidity = data.u16() / 256;
    }
  }

  if (latitude !== undefined && longitude !== undefined) setLocation(position, latitude, longitude);
  position.network = networkOf(towers, wifis);
  return position;
}

/**
 * CCC, the older compressed report: `<version u16><packet length u16><remaining cache u32>` then fixed packets of
 * event, latitude, longitude, time, fix, satellites, GSM signal, speed, course, HDOP, altitude, odometer, run time,
 * cell (mcc, mnc, lac, cid), status, AD1, battery, power and geofence. Values are taken as Traccar takes them
 * (AD1 and power raw, battery in 1/100 V, HDOP in 1/10); the cell's signal is minus the GSM signal.
 */
export function decodeMeitrackCcc(body: Buffer): DecodedPosition[] {
  const reader = new Reader(body);
  reader.u16(); // compression protocol version
  const length = reader.u16();
  reader.u32(); // records still cached in the device
  if (length < 48) throw new Error(`meitrack CCC packet length ${length} is too short`);
  const positions: DecodedPosition[] = [];
  while (reader.remaining >= length) {
    const packet = new Reader(body, reader.offset, reader.offset + length);
    reader.offset += length;
    const position = newPositionAt();
    const a = position.attributes;
    a.event = packet.u8();
    const latitude = packet.i32() / 1e6;
    const longitude = packet.i32() / 1e6;
    position.deviceTime = position.fixTime = timeOf(packet.u32());
    position.valid = packet.u8() === 1;
    a.sat = packet.u8();
    const rssi = packet.u8();
    position.speed = knotsFromKph(packet.u16());
    position.course = packet.u16();
    a.hdop = packet.u16() / 10;
    position.altitude = packet.u16();
    a.odometer = packet.u32();
    a.runtime = packet.u32();
    const [mcc, mnc, lac, cid] = [packet.u16(), packet.u16(), packet.u16(), packet.u16()];
    position.network = networkOf([cellTowerInRange(mcc, mnc, lac, cid, -rssi)]);
    a.status = packet.u16();
    a.adc1 = packet.u16();
    a.battery = packet.u16() / 100;
    a.power = packet.u16();
    setLocation(position, latitude, longitude);
    positions.push(position);
  }
  if (positions.length === 0) throw new Error('meitrack CCC message holds no packet');
  return positions;
}
