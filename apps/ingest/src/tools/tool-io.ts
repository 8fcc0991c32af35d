import type { Readable, Writable } from 'node:stream';
import { inspect } from 'node:util';

/** Where a command-line tool reads and writes (process streams in the CLI, buffers in tests). */
export interface ToolIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

export const processIo = (): ToolIo => ({ stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });

/** Exit code for a usage error (bad or missing options), as the rest of the CLI uses it. */
export const USAGE_EXIT = 2;

/**
 * Writes lines with back-pressure (waits for 'drain' when the stream's buffer is full) and flushes at the end,
 * so that the process may exit right after without losing output.
 */
export function lineWriter(stream: Writable) {
  let failure: Error | null = null;
  const onError = (err: Error) => {
    failure = err;
  };
  stream.on('error', onError);
  return {
    async write(line: string): Promise<void> {
      if (failure) throw failure;
      if (!stream.write(`${line}\n`)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            stream.off('drain', done);
            stream.off('error', done);
            resolve();
          };
          stream.once('drain', done);
          stream.once('error', done);
        });
      }
    },
    async end(): Promise<void> {
      if (!failure) await new Promise<void>((resolve) => stream.write('', () => resolve()));
      stream.off('error', onError);
      if (failure) throw failure;
    },
  };
}

/**
 * While a tool owns stdout (replay's one line per line), console.log/info/debug of anything else (a decoder's
 * stray debug line) goes to stderr. Returns the function that puts them back.
 */
export function keepConsoleOffStdout(stderr: Writable): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  const toStderr = (...args: unknown[]) => {
    stderr.write(`${args.map((a) => (typeof a === 'string' ? a : inspect(a))).join(' ')}\n`);
  };
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  return () => Object.assign(console, saved);
}
