import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Writes a chunk and waits while the reader is behind, so a long export never piles up in memory. */
export async function write(out: Writable, chunk: string | Buffer): Promise<void> {
  if (!out.write(chunk)) await waitForDrain(out);
}

/** Resolves when `out` takes writes again; rejects when it fails or closes first (the client went away). */
export function waitForDrain(out: Writable): Promise<void> {
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const settle = (err?: Error) => {
      out.off('drain', onDrain).off('close', onClose).off('error', settle);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new Error('The export was closed before it was written'));
    out.on('drain', onDrain).on('close', onClose).on('error', settle);
  });
}

/** Ends `out` and resolves when everything written has been handed on. */
export async function finish(out: Writable): Promise<void> {
  const done = once(out, 'finish');
  out.end();
  await done;
}

/** Lets the event loop run (compression, sockets) between batches of rows produced without waiting. */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
