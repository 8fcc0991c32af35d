import { addAlarmOnce } from '../../codec/position-builder';
import type { Jt808Reader, LocationItems } from './jt808-frame';

/**
 * 0xEB: a time zone text (`UTC-04:00`), a cell list (mcc, mnc, then lac/cid/rssi) when it starts with a country
 * code, or a bundle of sub-items (length incl. 2-byte id, id, value).
 */
export function decodeBundle(reader: Jt808Reader, length: number, items: LocationItems): void {
  const { position, network } = items;
  const attributes = position.attributes;
  const end = reader.pos + length;
  const text = reader.buf.subarray(reader.pos, Math.min(end, reader.limit)).toString('latin1');
  if (/^(UTC|GMT)[+-]/.test(text)) {
    attributes.timezone = reader.latin1(length);
    return;
  }
  if (length >= 2 && reader.buf.readUInt16BE(reader.pos) > 200) {
    const mcc = reader.u16();
    const mnc = reader.u8();
    while (reader.pos + 5 <= end) network.addCell(mcc, mnc, reader.u16(), reader.u16(), reader.u8());
    return;
  }
  while (reader.pos + 4 <= end) {
    const itemLength = reader.u16();
    const itemId = reader.u16();
    const itemEnd = reader.pos + itemLength - 2;
    if (itemLength < 2 || itemEnd > end) break;
    switch (itemId) {
      case 0x0001:
        attributes.fuel1 = reader.u16() / 10;
        break;
      case 0x0023: {
        const fuel = Number.parseFloat(reader.latin1(itemLength - 2));
        if (Number.isFinite(fuel)) attributes.fuel2 = fuel;
        break;
      }
      case 0x002d:
        attributes.battery = reader.u16() / 1000;
        break;
      case 0x0089:
        if (((reader.u32() >>> 12) & 1) === 0) addAlarmOnce(position, 'removing');
        break;
      case 0x00a8:
      case 0x00e1:
        attributes.batteryLevel = reader.u8();
        break;
      case 0x00b2:
        attributes.iccid = reader.hex(itemLength - 2);
        break;
      case 0x00c5: {
        const value = reader.u32();
        if (((value >>> 24) & 1) === 0) attributes.motion = ((value >>> 23) & 1) === 0;
        break;
      }
      case 0x00d8: {
        const mcc = reader.u16();
        const mnc = reader.u8();
        network.addCell(mcc, mnc, reader.u16(), reader.u32());
        break;
      }
      default:
        break;
    }
    reader.pos = itemEnd;
  }
}
