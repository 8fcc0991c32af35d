import type { ByteReader } from '../../codec/byte-reader';
import { markOutdated, newPosition, type PositionDraft, setAttribute } from '../../codec/position-builder';
import { asciiOf, javaTrim } from '../../codec/text';

export const CODEC_12 = 0x0c;
export const CODEC_13 = 0x0d;
export const CODEC_14 = 0x0e;
export const SERIAL_CODECS: ReadonlySet<number> = new Set([CODEC_12, CODEC_13, CODEC_14]);

/** Codec 12 message type of camera (photo) transfers. */
export const TYPE_CAMERA = 0x0d;
/** Codec 12/14 message type of a command; codec 13 messages and device-sent commands carry a timestamp. */
const TYPE_COMMAND = 0x05;

/**
 * Codec 12 (command responses, type 6), 13 (timestamped device messages) and 14 (responses naming the IMEI):
 * each message becomes a position without a location of its own carrying `result` (text when printable, hex
 * otherwise), or `driverUniqueId` for a Garmin-style `GTSL|…` driver identification.
 */
export function decodeSerialMessages(reader: ByteReader, codec: number, count: number): PositionDraft[] {
  const positions: PositionDraft[] = [];
  for (let i = 0; i < count; i++) {
    const position = newPosition();
    position.valid = true;
    markOutdated(position);
    const type = reader.u8();
    let length = reader.u32();
    if (codec === CODEC_13 || (codec === CODEC_12 && type === TYPE_COMMAND)) {
      if (length < 4) throw new Error(`codec ${codec} message too short for its timestamp`);
      markOutdated(position, new Date(reader.u32() * 1000));
      length -= 4;
      decodeContent(position, reader.bytes(length));
    } else {
      setAttribute(position, 'type', type);
      if (codec === CODEC_14) {
        if (length < 8) throw new Error('codec 14 message too short for its IMEI');
        reader.skip(8);
        length -= 8;
      }
      const bytes = reader.bytes(length);
      setAttribute(position, 'result', contentText(bytes) ?? bytes.toString('hex'));
    }
    if (Object.keys(position.attributes).length > 0) positions.push(position);
  }
  return positions;
}

function decodeContent(position: PositionDraft, bytes: Buffer): void {
  const text = contentText(bytes);
  if (text === undefined) {
    setAttribute(position, 'result', bytes.toString('hex'));
  } else if (text.startsWith('GTSL')) {
    setAttribute(position, 'driverUniqueId', text.split('|')[4]);
  } else {
    setAttribute(position, 'result', text);
  }
}

/** The trimmed text of printable content (bytes 0x20-0x7F, CR and LF), or undefined for binary content. */
function contentText(bytes: Buffer): string | undefined {
  for (const b of bytes) {
    if (b >= 0x80 || (b < 0x20 && b !== 0x0d && b !== 0x0a)) return undefined;
  }
  return javaTrim(asciiOf(bytes));
}
