import { describe, expect, it } from 'vitest';
import { partitionOf } from './partition';

describe('partitionOf', () => {
  it('is stable and within range', () => {
    expect(partitionOf('123456', 16)).toBe(partitionOf('123456', 16));
    for (const id of ['a', '861261027896790', 'Ωmega', '']) {
      const p = partitionOf(id, 7);
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThan(7);
    }
  });

  it('matches known FNV-1a values so that every node agrees', () => {
    // FNV-1a 32-bit of "a" is 0xe40c292c.
    expect(partitionOf('a', 2 ** 32)).toBe(0xe40c292c);
    expect(partitionOf('a', 16)).toBe(0xe40c292c % 16);
  });

  it('spreads devices over partitions', () => {
    const counts = new Array<number>(16).fill(0);
    for (let i = 0; i < 1600; i++) counts[partitionOf(`86126102789${i}`, 16)]! += 1;
    for (const c of counts) expect(c).toBeGreaterThan(50);
  });
});
