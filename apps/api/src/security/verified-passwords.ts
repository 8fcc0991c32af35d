import { createHmac, randomBytes } from 'node:crypto';

/**
 * Passwords recently proven right, for HTTP Basic: Traccar's clients send the password with every request, and
 * a scrypt check at OWASP's cost takes hundreds of milliseconds and 128 MiB. A success is remembered for a minute
 * under an HMAC (a key of this process only) of the stored hash and the password, so a changed or reset password
 * never matches an old entry, and nothing in memory reveals a password. Failures are never remembered.
 */
export class VerifiedPasswords {
  private readonly key = randomBytes(32);
  private readonly entries = new Map<string, number>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly max = 10_000,
  ) {}

  private id(passwordHash: string, password: string): string {
    return createHmac('sha256', this.key).update(passwordHash).update('\0').update(password).digest('base64url');
  }

  has(passwordHash: string, password: string, now = Date.now()): boolean {
    const id = this.id(passwordHash, password);
    const until = this.entries.get(id);
    if (until === undefined) return false;
    if (until > now) return true;
    this.entries.delete(id);
    return false;
  }

  remember(passwordHash: string, password: string, now = Date.now()): void {
    if (this.entries.size >= this.max) {
      // the oldest entry first (a Map keeps insertion order)
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(this.id(passwordHash, password), now + this.ttlMs);
  }
}
