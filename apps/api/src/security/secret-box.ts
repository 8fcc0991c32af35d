import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** Marks a value sealed by this box: `v1.<iv>.<ciphertext and tag>`, both base64url. */
const SEALED = 'v1.';

function derive(master: Uint8Array, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `waymark:${info}`, 32));
}

/**
 * Secrets the server must read back (TOTP keys) sealed with AES-256-GCM, and short secrets it only checks
 * (emailed codes) keyed with HMAC-SHA256 — each under its own key derived (HKDF) from one master key that is
 * never stored in the database (security/secrets-key.ts). A value is sealed for a context (e.g. `totp:<userId>`),
 * checked as additional data, so a sealed value copied to another row does not open.
 */
export class SecretBox {
  private readonly sealKey: Buffer;
  private readonly macKey: Buffer;
  private readonly checkKey: Buffer;

  constructor(master: Uint8Array) {
    if (master.length < 32) throw new Error('the secrets key needs at least 32 bytes');
    this.sealKey = derive(master, 'seal');
    this.macKey = derive(master, 'mac');
    this.checkKey = derive(master, 'check');
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(SEALED);
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${SEALED}${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  /**
   * The plain value of a sealed one. A value stored before sealing existed (no `v1.` mark) is returned as it is:
   * the start-up migration seals those. Throws when the value was sealed under another key or context.
   */
  open(stored: string, context: string): string {
    if (!SecretBox.isSealed(stored)) return stored;
    const [iv = '', body = ''] = stored.slice(SEALED.length).split('.');
    const bytes = Buffer.from(body, 'base64url');
    if (bytes.length < 16) throw new Error('sealed value is truncated');
    const decipher = createDecipheriv('aes-256-gcm', this.sealKey, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
  }

  /** HMAC-SHA256 of `value` with `salt`, base64url. */
  mac(salt: string, value: string): string {
    return createHmac('sha256', this.macKey).update(salt).update('\0').update(value).digest('base64url');
  }

  /**
   * A value that names the master key without revealing it (an HMAC of a fixed text), kept in the database so
   * that a server started with another key notices before it fails to open what the first one sealed.
   */
  fingerprint(): string {
    return createHmac('sha256', this.checkKey).update('waymark secrets key').digest('base64url');
  }
}
