import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { replay } from './replay';
import type { ToolIo } from './tool-io';
import { keepConsoleOffStdout, lineWriter, processIo, USAGE_EXIT } from './tool-io';

export const REPLAY_USAGE = `Usage: pnpm -s waymark replay FILE|-

Decodes JSON lines {"protocol", "kind": "binary"|"text"|"http", "payload", "connection"?, "transport"?} in order
(FILE, or stdin for -) and prints exactly one JSON line per input line on stdout:
{"positions": [...], "ack": "<hex>"|null} or {"error": "..."}. Lines with the same protocol and connection share
one session (device and decoder state). (-s keeps pnpm's script header off stdout.)`;

/** `waymark replay FILE|-`: exit 0 when every line was read (failed lines are reported in-band), 2 on usage. */
export async function runReplayCommand(args: string[], io: ToolIo = processIo()): Promise<number> {
  let file: string | undefined;
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if (values.help) {
      io.stderr.write(`${REPLAY_USAGE}\n`);
      return 0;
    }
    if (positionals.length !== 1) throw new Error('replay needs one FILE (or - for stdin)');
    file = positionals[0];
  } catch (err) {
    io.stderr.write(`${(err as Error).message}\n\n${REPLAY_USAGE}\n`);
    return USAGE_EXIT;
  }
  if (file !== '-') {
    try {
      if (!statSync(file as string).isFile()) throw new Error('not a file');
    } catch (err) {
      io.stderr.write(`cannot read ${file}: ${(err as Error).message}\n`);
      return 1;
    }
  }
  const input = file === '-' ? io.stdin : createReadStream(file as string);
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  const out = lineWriter(io.stdout);
  const restoreConsole = keepConsoleOffStdout(io.stderr);
  try {
    await replay(lines, (line) => out.write(line));
    await out.end();
    return 0;
  } catch (err) {
    // The reader went away (`… | head`): nothing more to say.
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') return 0;
    io.stderr.write(`replay failed: ${(err as Error).message}\n`);
    return 1;
  } finally {
    restoreConsole();
    lines.close();
  }
}
