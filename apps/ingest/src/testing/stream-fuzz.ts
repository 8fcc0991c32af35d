import type { SessionView, StreamProtocol } from '../protocols/protocol.types';
import { seededRandom } from './mutations';

/**
 * Test support for the meitrack, suntech and wialon decoders: mutates every given frame (flipped bytes, truncation,
 * trailing garbage, with a seeded PRNG so failures reproduce) and feeds the mutants to a fresh framer in random
 * chunks and to the decoder. Throws on the first violation: an exception escaping the framer, a decoder throwing
 * something that is not an Error, or a call slower than `maxMillis`.
 */
export function fuzzStream(
  definition: StreamProtocol,
  frames: readonly Buffer[],
  session: SessionView,
  options: { mutations?: number; seed?: number; maxMillis?: number } = {},
): void {
  const random = seededRandom(options.seed ?? 0x5eed);
  const maxMillis = options.maxMillis ?? 20;
  const int = (n: number) => Math.floor(random() * n);
  for (const frame of frames) {
    for (let m = 0; m < (options.mutations ?? 200); m++) {
      const mutant = mutate(frame, m, int);
      const pieces: Buffer[] = [];
      const sizes = Array.from({ length: mutant.length }, () => 1 + int(64));
      if (definition.framer) {
        const framing = () => {
          const framer = definition.framer?.();
          const out: Buffer[] = [];
          for (let offset = 0, i = 0; offset < mutant.length; offset += sizes[i++] ?? 1) {
            try {
              out.push(...(framer?.push(mutant.subarray(offset, offset + (sizes[i] ?? 1))) ?? []));
            } catch (err) {
              throw new Error(`framer threw on mutant ${m} of ${frame.toString('hex').slice(0, 40)}: ${String(err)}`);
            }
          }
          return out;
        };
        pieces.push(...timed(framing, maxMillis, 'framer', m));
      }
      for (const input of [mutant, ...pieces]) {
        timed(
          () => {
            try {
              definition.decoder(input, session);
            } catch (err) {
              if (!(err instanceof Error)) throw new Error(`decoder threw a non-Error on mutant ${m}: ${String(err)}`);
            }
          },
          maxMillis,
          'decoder',
          m,
        );
      }
    }
  }
}

/** Runs `work`; when it was slow, runs it again (a GC or JIT pause is not the decoder's) and fails if it stays slow. */
function timed<T>(work: () => T, maxMillis: number, what: string, mutant: number): T {
  let best = Number.POSITIVE_INFINITY;
  let result: T | undefined;
  for (let attempt = 0; attempt < 3 && best > maxMillis; attempt++) {
    const started = performance.now();
    result = work();
    best = Math.min(best, performance.now() - started);
  }
  if (best > maxMillis) throw new Error(`${what} took ${best.toFixed(1)} ms on mutant ${mutant}`);
  return result as T;
}

function mutate(frame: Buffer, m: number, int: (n: number) => number): Buffer {
  const copy = Buffer.from(frame);
  switch (m % 4) {
    case 0: // flip a few bytes
      for (let i = 1 + int(4); i > 0 && copy.length > 0; i--) copy[int(copy.length)] = int(256);
      return copy;
    case 1: // truncate
      return copy.subarray(0, int(copy.length + 1));
    case 2: // extend with garbage
      return Buffer.concat([copy, Buffer.from(Array.from({ length: 1 + int(64) }, () => int(256)))]);
    default: {
      // flip, truncate and extend
      for (let i = 1 + int(3); i > 0 && copy.length > 0; i--) copy[int(copy.length)] = int(256);
      const cut = copy.subarray(0, int(copy.length + 1));
      return Buffer.concat([cut, Buffer.from(Array.from({ length: int(16) }, () => int(256)))]);
    }
  }
}
