import { z } from 'zod';
import type { ProtocolDefinition } from '../protocols/protocol.types';
import type { OfflineFrame, PrintedPosition } from './offline-decoder';
import { OfflineDecoder } from './offline-decoder';
import { FRAME_KINDS } from './raw-frame';

/**
 * `waymark replay`: JSON lines in, one JSON line out per line in. Input line:
 * `{"protocol", "kind": "binary"|"text"|"http", "payload", "connection"?, "transport"?}` — payload hex (binary),
 * ISO-8859-1 text (text) or a raw HTTP/1.1 request (http), each one whole message. Lines of the same protocol,
 * transport and connection share a session (device and decoder state), as on one connection; lines without a
 * connection share the protocol's default one. Output line: `{"positions": […], "ack": hex|null}` or
 * `{"error": "…"}`.
 */

const lineSchema = z.object({
  protocol: z.string().min(1),
  kind: z.enum(FRAME_KINDS as [string, ...string[]]),
  payload: z.string(),
  connection: z.union([z.string(), z.number()]).optional(),
  transport: z.enum(['tcp', 'udp', 'http']).optional(),
});

export type ReplayOutput = { positions: PrintedPosition[]; ack: string | null } | { error: string };

export interface ReplayOptions {
  registry?: ReadonlyMap<string, ProtocolDefinition>;
  now?: () => Date;
}

export interface ReplaySummary {
  lines: number;
  errors: number;
}

/** Decodes one input line with the replay's decoder (sessions carried from line to line). Never throws. */
export function replayLine(decoder: OfflineDecoder, line: string): ReplayOutput {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { error: line.trim() === '' ? 'empty line' : 'not JSON' };
  }
  const parsed = lineSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: `bad line: ${issue ? `${issue.path.join('.') || 'line'}: ${issue.message}` : 'invalid'}` };
  }
  const { connection, ...rest } = parsed.data;
  const frame: OfflineFrame = { ...(rest as Omit<OfflineFrame, 'connection'>) };
  if (connection !== undefined) frame.connection = String(connection);
  try {
    const result = decoder.decode(frame);
    return { positions: result.positions, ack: result.ack };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/** Replays every line in order, handing each output line (JSON, no newline) to `write`. */
export async function replay(
  lines: AsyncIterable<string> | Iterable<string>,
  write: (line: string) => void | Promise<void>,
  options: ReplayOptions = {},
): Promise<ReplaySummary> {
  const decoder = new OfflineDecoder(options.registry, options.now);
  const summary: ReplaySummary = { lines: 0, errors: 0 };
  for await (const line of lines) {
    const output = replayLine(decoder, line);
    summary.lines += 1;
    if ('error' in output) summary.errors += 1;
    await write(JSON.stringify(output));
  }
  return summary;
}
