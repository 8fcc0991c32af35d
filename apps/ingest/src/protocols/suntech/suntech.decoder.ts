import type { DecodeResult, Decoder, SessionView } from '../protocol.types';
import { decodeSuntechLegacyZip, decodeSuntechUniversalZip } from './suntech-binary.decoder';
import type { SuntechOptions } from './suntech-common';
import { decodeSt910, decodeSuntechLegacy } from './suntech-legacy.decoder';
import { suntechFields } from './suntech-uex';
import { decodeSuntechUniversal } from './suntech-universal.decoder';

export type { SuntechOptions };

/** Session state: the model prefix of the device's reports (`ST300`, `SA200`; empty for universal), for commands. */
export interface SuntechState {
  prefix?: string;
}

/**
 * Suntech: legacy text reports (`ST300STT;…`, `SA200ALT;…`, `ST910;…`), universal text reports (`STT;…`, `ALT;…`,
 * `UEX;…`, `BLE;…`), legacy zip (`STX…ETX`) and universal zip (0x81/0x82) reports; see the decoders of each.
 * Keep-alives (ALV) identify the device and decode to nothing; `-Error` and unknown reports to nothing. Over UDP a
 * legacy report is acknowledged as the manual says (`ST300ACK;<id>`, zip `0x15 <id BCD>`).
 */
export function createSuntechDecoder(fixed?: SuntechOptions): Decoder<Buffer> {
  return (frame, session) => {
    const options = fixed ?? optionsOf(session);
    if (frame.length === 0) throw new Error('empty suntech frame');
    const first = frame[0] as number;
    if (first === 0x02) return acknowledged(decodeSuntechLegacyZip(frame), session, zipAck(frame));
    if (first >= 0x81 && first <= 0x8f) return withPrefix(decodeSuntechUniversalZip(frame), '', session);

    const text = frame.toString('latin1').replace(/[\r\n]+$/, '');
    const fields = suntechFields(text);
    const header = fields[0] ?? '';
    if (header === 'ST910') return withPrefix(decodeSt910(fields), 'ST910', session);
    const legacy = /^(S[AT]\d{3,4}[A-Z]?)([A-Z]{3})$/.exec(header);
    if (legacy) {
      const [, model = '', type = ''] = legacy;
      const result = withPrefix(decodeSuntechLegacy(model, type, fields, options), model, session);
      const report = type !== 'ALV' && type !== 'CMD' && fields[1] !== 'Res';
      const ack = result.uniqueId && report ? `${model}ACK;${result.uniqueId}\r` : undefined;
      return acknowledged(result, session, ack);
    }
    if (/^[A-Z]{3}$/.test(header)) return withPrefix(decodeSuntechUniversal(header, fields), '', session);
    return { messages: [] };
  };
}

/**
 * The decoder as the device is set up: its settings (SessionView.settings, from the device's model and attributes:
 * `suntech.hbm`, `suntech.includeAdc`, `suntech.includeRpm`, `suntech.includeTemp`, "true" or "1" switch them on;
 * else session state `options`). Without any, Traccar's defaults (all off).
 */
export const decodeSuntech: Decoder<Buffer> = createSuntechDecoder();

const NO_OPTIONS: SuntechOptions = {};

function optionsOf(session: SessionView): SuntechOptions {
  const settings = session.settings;
  if (settings && Object.keys(settings).some((key) => key.startsWith('suntech.'))) {
    const on = (key: string) => ['true', '1'].includes(settings[`suntech.${key}`]?.toLowerCase() ?? '');
    return {
      hbm: on('hbm'),
      includeAdc: on('includeAdc'),
      includeRpm: on('includeRpm'),
      includeTemp: on('includeTemp'),
    };
  }
  const set = session.state.options;
  if (typeof set !== 'object' || set === null) return NO_OPTIONS;
  const value = set as Record<string, unknown>;
  return {
    hbm: Boolean(value.hbm),
    includeAdc: Boolean(value.includeAdc),
    includeRpm: Boolean(value.includeRpm),
    includeTemp: Boolean(value.includeTemp),
  };
}

function withPrefix(result: DecodeResult, prefix: string, session: SessionView): DecodeResult {
  if (!result.uniqueId || (session.state as SuntechState).prefix === prefix) return result;
  return { ...result, state: { ...session.state, prefix } };
}

/** UDP needs the acknowledgement of each report; TCP does not. */
function acknowledged(result: DecodeResult, session: SessionView, ack: string | Buffer | undefined): DecodeResult {
  if (session.transport !== 'udp' || ack === undefined || result.messages.length === 0) return result;
  return { ...result, ack };
}

function zipAck(frame: Buffer): Buffer | undefined {
  return frame.length >= 9 ? Buffer.concat([Buffer.from([0x15]), frame.subarray(4, 9)]) : undefined;
}
