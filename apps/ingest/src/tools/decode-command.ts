import { parseArgs } from 'node:util';
import type { Transport } from '../protocols/protocol.types';
import type { OfflineFrame, OfflineResult } from './offline-decoder';
import { OfflineDecoder, UnknownProtocolError } from './offline-decoder';
import type { FrameKind } from './raw-frame';
import type { ToolIo } from './tool-io';
import { lineWriter, processIo, USAGE_EXIT } from './tool-io';

export const DECODE_USAGE = `Usage: pnpm waymark decode --protocol NAME (--hex HEX | --text TEXT | --http RAW)... [--unique-id ID]
                            [--setting KEY=VALUE]...
                            [--transport tcp|udp]

Decodes messages with the protocol's decoder (no database, no bus) and prints the result as JSON: the session's
device (uniqueId), the positions, the ack as hex (the response body for HTTP) and the HTTP status. Several
--hex/--text/--http options are decoded in order on one session (e.g. a login, then a location); --unique-id
starts the session as that device already logged in; --setting gives the device a setting as the API would
(its model: --setting model=FMB130, a decoder option: --setting teltonika.extended=true).`;

const FRAME_OPTIONS: Record<string, FrameKind> = { hex: 'binary', text: 'text', http: 'http' };

/** `waymark decode`: 0 when decoded, 1 when the decoder rejects a frame, 2 for usage (unknown protocol too). */
export async function runDecodeCommand(args: string[], io: ToolIo = processIo()): Promise<number> {
  const decoder = new OfflineDecoder();
  let protocol: string;
  let frames: Omit<OfflineFrame, 'protocol'>[];
  let uniqueId: string | undefined;
  const settings: Record<string, string> = {};
  try {
    const { values, tokens } = parseArgs({
      args,
      options: {
        protocol: { type: 'string', short: 'p' },
        hex: { type: 'string', multiple: true },
        text: { type: 'string', multiple: true },
        http: { type: 'string', multiple: true },
        'unique-id': { type: 'string' },
        setting: { type: 'string', multiple: true },
        transport: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      tokens: true,
    });
    if (values.help) {
      io.stderr.write(`${DECODE_USAGE}\n`);
      return 0;
    }
    if (!values.protocol) throw new Error('decode needs --protocol');
    const transport = values.transport;
    if (transport !== undefined && !['tcp', 'udp', 'http'].includes(transport)) {
      throw new Error('--transport is tcp, udp or http');
    }
    protocol = values.protocol.toLowerCase();
    uniqueId = values['unique-id'];
    for (const pair of values.setting ?? []) {
      const eq = pair.indexOf('=');
      if (eq <= 0) throw new Error(`--setting takes KEY=VALUE, not "${pair}"`);
      settings[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
    frames = [];
    for (const token of tokens) {
      if (token.kind !== 'option') continue;
      const kind = FRAME_OPTIONS[token.name];
      if (kind && token.value !== undefined) {
        frames.push({ kind, payload: token.value, ...(transport ? { transport: transport as Transport } : {}) });
      }
    }
    if (frames.length === 0) throw new Error('decode needs a message: --hex, --text or --http');
  } catch (err) {
    io.stderr.write(`${(err as Error).message}\n\n${DECODE_USAGE}\n`);
    return USAGE_EXIT;
  }

  try {
    decoder.protocol(protocol);
  } catch (err) {
    if (!(err instanceof UnknownProtocolError)) throw err;
    io.stderr.write(`unknown protocol "${err.protocol}"\nprotocols: ${err.available.join(', ')}\n`);
    return USAGE_EXIT;
  }

  const out = lineWriter(io.stdout);
  const results: OfflineResult[] = [];
  let code = 0;
  for (const [i, frame] of frames.entries()) {
    try {
      results.push(decoder.decode({ protocol, ...frame }, uniqueId, settings));
    } catch (err) {
      const which = frames.length > 1 ? ` (message ${i + 1})` : '';
      io.stderr.write(`cannot decode${which}: ${(err as Error).message}\n`);
      code = 1;
      break;
    }
  }
  if (results.length > 0) await out.write(JSON.stringify(frames.length === 1 ? results[0] : results, null, 2));
  await out.end();
  return code;
}
