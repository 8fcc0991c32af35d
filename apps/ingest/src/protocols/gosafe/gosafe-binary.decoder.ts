import { ByteReader } from '../../codec/byte-reader';
import { newPosition, type PositionDraft, setLocation, setTime } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';

/** Seconds from the Unix epoch to 2000-01-01, the binary format's epoch. */
const EPOCH_2000 = 946_684_800;
const GPS_BLOCK = 1;

/**
 * A binary GoSafe report, escapes undone: F8, version, type, IMEI (7 bytes, a binary number), time (seconds since
 * 2000, UTC), a 16-bit mask of the blocks that follow (bit n set: block n present), each block as a length byte
 * and its bytes, a CRC and F8. Block 1 is the fix: status (2 bytes), fix and satellites (high nibble: fix kind,
 * 0 = none; low nibble: satellites), latitude and longitude (signed millionths of a degree), speed (km/h) and
 * course (2 bytes each), altitude (m, signed) and HDOP (×100). The other blocks (GSM, I/O, power, sensors) are
 * skipped: their layouts are not public.
 */
export function decodeGosafeBinary(frame: Buffer): { uniqueId: string; position: PositionDraft } {
  const reader = new ByteReader(frame, 0, frame.length - 3); // CRC and closing flag
  if (reader.u8() !== 0xf8 || frame[frame.length - 1] !== 0xf8) throw new Error('gosafe: binary frame without flags');
  reader.skip(2); // version, type
  const uniqueId = String(reader.u24() * 0x100000000 + reader.u32());
  const position = newPosition();
  setTime(position, (reader.u32() + EPOCH_2000) * 1000);
  const mask = reader.u16();
  for (let block = 0; block < 16; block++) {
    if (((mask >> block) & 1) === 0) continue;
    const length = reader.u8();
    if (block !== GPS_BLOCK) {
      reader.skip(length);
      continue;
    }
    const gps = new ByteReader(reader.bytes(length));
    gps.skip(2); // status
    const fix = gps.u8();
    position.valid = fix >> 4 !== 0;
    position.attributes.sat = fix & 0x0f;
    setLocation(position, gps.i32() / 1e6, gps.i32() / 1e6);
    position.speed = knotsFromKph(gps.u16());
    position.course = gps.u16();
    position.altitude = gps.i16();
    position.attributes.hdop = gps.u16() / 100;
  }
  return { uniqueId, position };
}
