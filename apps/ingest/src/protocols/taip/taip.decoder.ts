import type { PositionDraft } from '../../codec/position-builder';
import type { DecodeResult, Decoder } from '../protocol.types';
import { decodeTaipBody } from './taip-body';

/** XOR of the characters, as two upper-case hex digits (TAIP's `*CC` checksum covers `>` through `*`). */
export function taipChecksum(text: string): string {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum ^= text.charCodeAt(i) & 0xff;
  return sum.toString(16).toUpperCase().padStart(2, '0');
}

/**
 * One TAIP message (`>R…;ID=…;#index;*CC<`, delimiters optional): its data string (see taip-body.ts) and the
 * `;KEY=value` fields after it — ID names the device (the session's device otherwise), IO/SV/BL/AD/IX/VO are read,
 * any other key is kept as text under its lower-case name. The checksum is not checked: trackers and Traccar's own
 * fixtures carry stale ones, and Traccar accepts them. A decoded report is acknowledged the way the trackers
 * expect: `>SAK;ID=…;#IP…<` for an `#IP` index, `>ACK;ID=…;#index;*CC<` for another index, the bare ID without one.
 * Messages without a position (RAL, RLN, RCP, RTT, …) yield nothing; their index is still acknowledged.
 */
export const decodeTaip: Decoder<Buffer> = (frame, session) => {
  let text = frame.toString('latin1');
  const start = text.indexOf('>');
  if (start >= 0) text = text.slice(start + 1);
  const end = text.indexOf('<');
  if (end >= 0) text = text.slice(0, end);
  const semicolon = text.indexOf(';');
  const body = semicolon >= 0 ? text.slice(0, semicolon) : text;
  const fields = semicolon >= 0 ? text.slice(semicolon + 1).split(';') : [];

  let id: string | undefined;
  let index: string | undefined;
  const extra: [string, string][] = [];
  for (const field of fields) {
    const equals = field.indexOf('=');
    if (equals > 0) {
      const key = field.slice(0, equals).toLowerCase();
      const value = field.slice(equals + 1);
      if (key === 'id') id = value;
      else extra.push([key, value]);
    } else if (field.startsWith('#')) {
      index = field.split('*')[0];
    }
  }
  const uniqueId = id || session.uniqueId || undefined;
  const decoded = decodeTaipBody(body, session.receivedAt);
  const result: DecodeResult = { messages: [] };
  if (id) result.uniqueId = id;
  if (decoded && uniqueId) {
    const position = decoded.position;
    if (decoded.event !== null) position.attributes.event = decoded.event;
    for (const [key, value] of extra) readField(position, key, value);
    result.messages.push(position);
  }
  if (id && (index || decoded)) result.ack = ackFor(id, index);
  return result;
};

function ackFor(id: string, index: string | undefined): string {
  if (!index) return id;
  if (index.startsWith('#IP')) return `>SAK;ID=${id};${index}<`;
  const ack = `>ACK;ID=${id};${index};*`;
  return `${ack}${taipChecksum(ack)}<`;
}

function readField(position: PositionDraft, key: string, value: string): void {
  const attributes = position.attributes;
  const int = (text: string) => {
    if (!/^\d+$/.test(text)) throw new Error(`${key.toUpperCase()}=${text.slice(0, 16)} is not a number`);
    return Number(text);
  };
  switch (key) {
    case 'io': {
      const digits = [...value.slice(0, 3)].map((c) => c.charCodeAt(0) - 48);
      if (digits.length < 3 || digits.some((d) => d < 0 || d > 9)) throw new Error('IO is malformed');
      const [status = 0, output = 0, input = 0] = digits;
      Object.assign(attributes, { ignition: (status & 1) !== 0, charge: (status & 2) !== 0, output, input });
      break;
    }
    case 'ix':
      attributes.io1 = value;
      break;
    case 'ad':
      attributes.adc1 = int(value);
      break;
    case 'sv':
      attributes.sat = int(value);
      break;
    case 'bl':
      attributes.battery = int(value) * 0.001;
      break;
    case 'vo':
      attributes.odometer = int(value);
      break;
    default:
      attributes[key] = value;
  }
}
