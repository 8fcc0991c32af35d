/**
 * Seeded byte mutations for decoder robustness tests (shared by the decoder tests): the same seed
 * always yields the same mutants, so a failure can be replayed.
 */

/** mulberry32: a small, fast, seedable PRNG returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` mutants of a frame: random byte flips, truncations, garbage tails, and mixes of them. */
export function mutations(frame: Buffer, count: number, random: () => number): Buffer[] {
  const int = (n: number) => Math.floor(random() * n);
  const out: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    let mutant = Buffer.from(frame);
    const kind = i % 4;
    if (kind === 0 || kind === 3) {
      const flips = 1 + int(4);
      for (let f = 0; f < flips && mutant.length > 0; f++) mutant[int(mutant.length)] = int(256);
    }
    if (kind === 1 || kind === 3) mutant = mutant.subarray(0, int(mutant.length + 1));
    if (kind === 2 || (kind === 3 && random() < 0.5)) {
      const tail = Buffer.alloc(1 + int(64));
      for (let t = 0; t < tail.length; t++) tail[t] = int(256);
      mutant = Buffer.concat([mutant, tail]);
    }
    out.push(Buffer.from(mutant));
  }
  return out;
}

/**
 * Milliseconds one run takes, robust to a loaded machine: a run over `limitMs` is repeated (up to three times)
 * and the quickest time counts, so a garbage-collection pause is not mistaken for a decoder that hangs.
 * Exceptions are the caller's business (run should catch them).
 */
export function steadyMs(run: () => void, limitMs: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 4 && best > limitMs; attempt++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}
