import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals with AES-256-GCM: a fresh IV each time, opened only with the same key and context', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP', 'totp:1');
    const b = box.seal('JBSWY3DPEHPK3PXP', 'totp:1');
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a, 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(a, 'totp:2')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(a, 'totp:1')).toThrow();
    const [, iv, body = ''] = a.split('.');
    const flipped = `${body.slice(0, -2)}${body.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => box.open(`v1.${iv}.${flipped}`, 'totp:1')).toThrow();
  });

  it('reads a value stored before sealing as it is', () => {
    expect(box.open('JBSWY3DPEHPK3PXP', 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(SecretBox.isSealed('JBSWY3DPEHPK3PXP')).toBe(false);
  });

  it('keys its MAC and names its key without revealing it', () => {
    const other = new SecretBox(randomBytes(32));
    expect(box.mac('salt', '123456')).toBe(box.mac('salt', '123456'));
    expect(box.mac('salt', '123456')).not.toBe(box.mac('pepper', '123456'));
    expect(box.mac('salt', '123456')).not.toBe(other.mac('salt', '123456'));
    expect(box.fingerprint()).not.toBe(other.fingerprint());
    expect(() => new SecretBox(randomBytes(16))).toThrow();
  });
});
