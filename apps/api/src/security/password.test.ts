import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, passwordCost, verifyPassword } from './password';

describe('password hashing', () => {
  it("uses OWASP's scrypt cost outside tests, whatever the test variable says", () => {
    expect(passwordCost({ NODE_ENV: 'production', WAYMARK_TEST_SCRYPT_LOG_N: '4' })).toEqual({
      N: 2 ** 17,
      r: 8,
      p: 1,
    });
    expect(passwordCost({})).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(passwordCost({ NODE_ENV: 'test', WAYMARK_TEST_SCRYPT_LOG_N: '10' })).toEqual({ N: 1024, r: 8, p: 1 });
  });

  it('records the cost in the hash, verifies it, and wants no re-hash for the current cost', async () => {
    const stored = await hashPassword('Correct-horse-9');
    const [, n, r, p] = stored.split('$');
    expect({ N: Number(n), r: Number(r), p: Number(p) }).toEqual(passwordCost());
    expect(await verifyPassword('Correct-horse-9', stored)).toBe(true);
    expect(await verifyPassword('wrong', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('still verifies a hash made at an older cost, and marks it for re-hashing', async () => {
    // the cost earlier versions used
    const old = await hashPassword('Correct-horse-9', { N: 2 ** 14, r: 8, p: 1 });
    expect(await verifyPassword('Correct-horse-9', old)).toBe(true);
    expect(await verifyPassword('wrong', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it('refuses malformed hashes and costs beyond its bound without computing them', async () => {
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$4$5')).toBe(false);
    expect(await verifyPassword('x', `scrypt$${2 ** 24}$8$1$AAAA$AAAA`)).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1000$8$1$AAAA$AAAA')).toBe(false);
  });
});
