import { SKIP_START, type StartCut, startByteFramer } from '../../codec/start-byte.framer';
import type { FramerFactory } from '../protocol.types';

/** Longest frame kept: a `G?RMC` sentence without its `imei:…,` within this many bytes is dropped. */
export const XEXUN_MAX_FRAME = 1024;

const HEADS = ['GPRMC', 'GNRMC'];
const IMEI = Buffer.from('imei:', 'latin1');
const COMMA = 0x2c;

/**
 * Xexun frames run from `GPRMC` (or `GNRMC`) to the comma after `imei:<digits>`: what comes before the sentence
 * (the full format's serial and phone number) and after it (its GSM fields, the line end) is dropped, as
 * Traccar's default framing for port 5006 does.
 */
function cutXexun(buffer: Buffer): StartCut {
  const head = buffer.subarray(0, 5).toString('latin1');
  if (!HEADS.some((h) => h.startsWith(head))) return SKIP_START;
  if (head.length < 5) return 'wait';
  const window = buffer.subarray(0, XEXUN_MAX_FRAME + 1);
  const imei = window.indexOf(IMEI, 5);
  const restart = Math.min(...HEADS.map((h) => window.indexOf(h, 1, 'latin1')).filter((at) => at > 0));
  if (imei < 0 || restart < imei) return Number.isFinite(restart) ? { skipTo: restart } : 'wait';
  const end = window.indexOf(COMMA, imei + IMEI.length);
  if (end < 0) return 'wait';
  return { frame: Buffer.from(buffer.subarray(0, end + 1)), consumed: end + 1 };
}

export const xexunFramer: FramerFactory = startByteFramer(0x47, XEXUN_MAX_FRAME, cutXexun);
