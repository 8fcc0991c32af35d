import { describe, expect, it } from 'vitest';
import { VerifiedPasswords } from './verified-passwords';

describe('VerifiedPasswords', () => {
  it('remembers a proven password for its stored hash only, until the entry expires', () => {
    const cache = new VerifiedPasswords(1000, 10);
    cache.remember('scrypt$hash-1', 'secret', 0);
    expect(cache.has('scrypt$hash-1', 'secret', 500)).toBe(true);
    expect(cache.has('scrypt$hash-1', 'Secret', 500)).toBe(false);
    // a new stored hash (password changed or reset) never matches the old entry
    expect(cache.has('scrypt$hash-2', 'secret', 500)).toBe(false);
    expect(cache.has('scrypt$hash-1', 'secret', 1500)).toBe(false);
  });

  it('holds at most its size, dropping the oldest entries', () => {
    const cache = new VerifiedPasswords(60_000, 2);
    cache.remember('h', 'a', 0);
    cache.remember('h', 'b', 0);
    cache.remember('h', 'c', 0);
    expect([cache.has('h', 'a', 1), cache.has('h', 'b', 1), cache.has('h', 'c', 1)]).toEqual([false, true, true]);
  });
});
