import { bcdPairs } from '../../codec/bcd';
import type { NetworkBuilder } from '../../codec/network';
import type { PositionDraft } from '../../codec/position-builder';

/**
 * JT/T 808 framing helpers: 0x7E delimits a message, 0x7E and 0x7D inside it travel as 7D 02 and 7D 01, and the
 * byte before the closing 0x7E is the XOR of the header and body.
 */
export const JT808_DELIMITER = 0x7e;

export function jt808Escape(bytes: Buffer): Buffer {
  const out: number[] = [];
  for (const byte of bytes) {
    if (byte === 0x7e) out.push(0x7d, 0x02);
    else if (byte === 0x7d) out.push(0x7d, 0x01);
    else out.push(byte);
  }
  return Buffer.from(out);
}

export function jt808Checksum(bytes: Buffer): number {
  let sum = 0;
  for (const byte of bytes) sum ^= byte;
  return sum;
}

/** Terminal's identity as it sent it: phone BCD (6 bytes, or 10 with the 2019 header) and protocol version. */
export interface Jt808Terminal {
  phone: Buffer;
  /** 2019 protocol version byte, or null for the 2013 header. */
  version: number | null;
}

/** A whole platform message: 7E, header, body, checksum, 7E, escaped. */
export function jt808Message(msgId: number, terminal: Jt808Terminal, serial: number, body: Buffer): Buffer {
  const header = Buffer.alloc(terminal.version === null ? 4 : 5);
  header.writeUInt16BE(msgId, 0);
  header.writeUInt16BE((body.length & 0x3ff) | (terminal.version === null ? 0 : 0x4000), 2);
  if (terminal.version !== null) header.writeUInt8(terminal.version & 0xff, 4);
  const serialBytes = Buffer.alloc(2);
  serialBytes.writeUInt16BE(serial & 0xffff);
  const content = Buffer.concat([header, terminal.phone, serialBytes, body]);
  const escaped = jt808Escape(Buffer.concat([content, Buffer.of(jt808Checksum(content))]));
  return Buffer.concat([Buffer.of(JT808_DELIMITER), escaped, Buffer.of(JT808_DELIMITER)]);
}

/** Bounds-checked big-endian reader; `limit` plays the part of Netty's writer index. */
export class Jt808Reader {
  constructor(
    readonly buf: Buffer,
    public pos: number,
    readonly limit: number = buf.length,
  ) {}

  get remaining(): number {
    return this.limit - this.pos;
  }

  private need(n: number): number {
    if (n < 0 || this.pos + n > this.limit) throw new Error('jt808: message too short');
    const at = this.pos;
    this.pos += n;
    return at;
  }

  u8(): number {
    return this.buf.readUInt8(this.need(1));
  }
  s8(): number {
    return this.buf.readInt8(this.need(1));
  }
  u16(): number {
    return this.buf.readUInt16BE(this.need(2));
  }
  s16(): number {
    return this.buf.readInt16BE(this.need(2));
  }
  u24(): number {
    return this.buf.readUIntBE(this.need(3), 3);
  }
  u32(): number {
    return this.buf.readUInt32BE(this.need(4));
  }
  bytes(n: number): Buffer {
    const at = this.need(n);
    return this.buf.subarray(at, at + n);
  }
  skip(n: number): void {
    this.need(n);
  }
  hex(n: number): string {
    return this.bytes(n).toString('hex');
  }
  latin1(n: number): string {
    return this.bytes(n).toString('latin1');
  }
}

/** What a location report carries beyond the position, for the additional items to fill in. */
export interface LocationItems {
  position: PositionDraft;
  network: NetworkBuilder;
}

/** yymmddhhmmss BCD in the terminal's time zone (JT/T 808 uses Beijing time, GMT+8) to epoch ms. */
export function jt808Time(bytes: Buffer, offsetHours = 8): number {
  const [yy, mo, dd, hh, mi, ss] = bcdPairs(bytes) as [number, number, number, number, number, number];
  return Date.UTC(2000 + yy, mo - 1, dd, hh - offsetHours, mi, ss);
}

/** The device id of a phone field: BCD digits without leading zeros, or an IMEI prefix in hex plus its Luhn digit. */
export function jt808DeviceId(phone: Buffer): string {
  const hex = phone.toString('hex');
  if (/^\d+$/.test(hex)) return hex.replace(/^0+/, '') || '0';
  const prefix = BigInt(`0x${hex}`).toString();
  return prefix + luhnDigit(prefix);
}

export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}
