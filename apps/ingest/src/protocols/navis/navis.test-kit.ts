import { sessionFor } from '../../testing/protocol.test-kit';
import type { SessionView } from '../protocol.types';
import type { NavisState } from './navis.decoder';
import { crc8, ntcbPacket } from './navis-ntcb';

// Frames of Navtelecom's layouts built for navis' decoder, framer and encoder tests.
export const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');
export const ascii = (text: string) => Buffer.from(text, 'latin1');
export const session = (state: NavisState = {}, uniqueId: string | null = null): SessionView =>
  sessionFor('navis', { state: state as Record<string, unknown>, uniqueId });
/** A device's NTCB message (receiver 1, sender 0, as in Navtelecom's examples). */
export const ntcb = (payload: Buffer) => ntcbPacket(1, 0, payload);
/** A FLEX message of the hex body with its CRC-8. */
export function flex(type: string, body: string): Buffer {
  const head = Buffer.concat([Buffer.from([0x7e]), ascii(type), hex(body)]);
  return Buffer.concat([head, Buffer.of(crc8(head, 0, head.length))]);
}
export const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b.toString('hex');
};
export const i32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32LE(n);
  return b.toString('hex');
};
export const f32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeFloatLE(n);
  return b.toString('hex');
};
/** A `*>FLEX` negotiation for these fields. */
export function negotiation(fields: number[], version = 0x14): Buffer {
  const bits = Math.max(...fields);
  const mask = Buffer.alloc(Math.ceil(bits / 8));
  for (const f of fields) mask[(f - 1) >> 3] = (mask[(f - 1) >> 3] as number) | (0x80 >> ((f - 1) & 7));
  return ntcb(Buffer.concat([ascii('*>FLEX'), Buffer.of(0xb0, version, version, bits), mask]));
}
