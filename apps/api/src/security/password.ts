import type { ScryptOptions } from 'node:crypto';
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

interface Cost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's current minimum for scrypt: N=2^17, r=8, p=1 (128 MiB and a few hundred ms per hash). */
const PRODUCTION_COST: Cost = { N: 2 ** 17, r: 8, p: 1 };
const KEYLEN = 32;
/** Stored hashes above this N are refused rather than computed (a corrupt row must not cost gigabytes). */
const MAX_N = 2 ** 20;

/**
 * The cost new hashes get. Tests hash and verify thousands of passwords, so under NODE_ENV=test (and only
 * then) WAYMARK_TEST_SCRYPT_LOG_N sets a lower N as a power of two; every other process uses the production cost.
 */
export function passwordCost(env: NodeJS.ProcessEnv = process.env): Cost {
  const logN = Number(env.WAYMARK_TEST_SCRYPT_LOG_N);
  if (env.NODE_ENV === 'test' && Number.isInteger(logN) && logN >= 1 && logN <= 17) {
    return { ...PRODUCTION_COST, N: 2 ** logN };
  }
  return PRODUCTION_COST;
}

const COST = passwordCost();

function scrypt(password: string, salt: Buffer, keylen: number, cost: Cost): Promise<Buffer> {
  // Node refuses scrypt over maxmem (32 MiB by default); the hash needs 128·N·r bytes, with room to spare
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * 2 };
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

interface Parsed extends Cost {
  salt: Buffer;
  hash: Buffer;
}

/** The parts of a stored `scrypt$N$r$p$salt$hash`, or null when it is not one this module can verify. */
function parse(stored: string): Parsed | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, salt = '', hash = ''] = parts;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const valid =
    Number.isInteger(cost.N) &&
    cost.N > 1 &&
    cost.N <= MAX_N &&
    (cost.N & (cost.N - 1)) === 0 &&
    Number.isInteger(cost.r) &&
    cost.r >= 1 &&
    cost.r <= 32 &&
    Number.isInteger(cost.p) &&
    cost.p >= 1 &&
    cost.p <= 16;
  return valid ? { ...cost, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') } : null;
}

/** scrypt$N$r$p$salt$hash (base64url): the hash records its own cost, so older hashes stay verifiable. */
export async function hashPassword(password: string, cost: Cost = COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEYLEN, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  // An account without a password still costs one hash, so timing does not tell which part was wrong.
  const parsed = parse(stored ?? DUMMY);
  if (!parsed || parsed.hash.length === 0) return false;
  const key = await scrypt(password.normalize('NFKC'), parsed.salt, parsed.hash.length, parsed);
  return stored != null && key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

/** True when a stored hash was made with another cost or key length than new hashes get (re-hash it on sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N !== COST.N || parsed.r !== COST.r || parsed.p !== COST.p || parsed.hash.length !== KEYLEN;
}

const DUMMY = `scrypt$${COST.N}$${COST.r}$${COST.p}$${randomBytes(16).toString('base64url')}$${randomBytes(KEYLEN).toString('base64url')}`;

/** A random password readable enough to type: 4 groups of 4 from an unambiguous alphabet. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}
