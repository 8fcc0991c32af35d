import { crc16Kermit } from '../../codec/crc16';
import { type Cut, scanningFramer, type WorkBudget } from '../../codec/scanning.framer';
import type { FramerFactory } from '../protocol.types';

/**
 * Cuts a Ruptela TCP stream into packets: 2-byte length, that many bytes (IMEI, command, payload), 2-byte CRC.
 * A start is accepted only when the length can hold an IMEI and a command and stays within 4 KiB (the devices
 * fill packets up to 1 KiB), the IMEI has 14 or 15 digits, the command is a device command (1 to 99),
 * and, once whole, the CRC-16/KERMIT matches — or, as devices whose CRC is wrong are accepted by Traccar, the packet
 * ends the bytes received or is followed by another plausible header; otherwise one byte is skipped and the search
 * goes on. The CRC is
 * computed only while the connection's work budget allows, so a stream of headers that look right but never carry
 * a valid CRC costs a few CRC bytes per byte received, not a 4 KiB CRC every 12 bytes.
 */
export const ruptelaFramer: FramerFactory = scanningFramer(cutAt);

const MAX_LENGTH = 4096;
/** IMEIs have 15 digits, sometimes written with one leading zero. */
const MIN_IMEI = 10n ** 13n;
const isDeviceCommand = (command: number) => command >= 1 && command < 100;

function cutAt(buffer: Buffer, at: number, budget: WorkBudget): Cut {
  const header = plausibleHeader(buffer, at);
  if (header !== 'yes') return header === 'no' ? { skip: true } : { wait: true };
  const length = buffer.readUInt16BE(at);
  const total = length + 4;
  if (buffer.length - at < total) return { wait: true };
  // Some devices send a CRC that does not match (Traccar never checks it): such a packet is taken by its length
  // when it ends the bytes received so far or another packet's header follows it.
  const next = at + total;
  if (next === buffer.length || plausibleHeader(buffer, next) !== 'no') return { frame: total };
  if (!budget.spend(length)) return { skip: true };
  const crc = crc16Kermit(buffer.subarray(at + 2, at + 2 + length));
  return crc === buffer.readUInt16BE(at + 2 + length) ? { frame: total } : { skip: true };
}

/** Whether a device packet's header (length, IMEI, command) starts at `at`: 'maybe' while its bytes are missing. */
function plausibleHeader(buffer: Buffer, at: number): 'yes' | 'no' | 'maybe' {
  const available = buffer.length - at;
  if (available < 2) return 'maybe';
  const length = buffer.readUInt16BE(at);
  if (length < 9 || length > MAX_LENGTH) return 'no';
  // The IMEI's top bytes: an integer below 10^15 < 2^50.
  if (available >= 3 && buffer[at + 2] !== 0) return 'no';
  if (available >= 4 && (buffer[at + 3] as number) > 0x03) return 'no';
  if (available >= 10 && buffer.readBigUInt64BE(at + 2) < MIN_IMEI) return 'no';
  if (available >= 11 && !isDeviceCommand(buffer[at + 10] as number)) return 'no';
  return available >= 11 ? 'yes' : 'maybe';
}
