import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '@waymark/db/client';
import { ConfigError, type Env } from '../env';
import type { SecretBox } from './secret-box';

export const SECRETS_KEY_FILE = 'secrets.key';
const CHECK_ROW = 'secrets-check';

/**
 * The master key of the SecretBox (TOTP secrets, emailed-code hashes), never kept in the database, so a copy or
 * backup of the database alone reveals no TOTP secret: WAYMARK_SECRETS_KEY when set; else WAYMARK_JWT_SECRET
 * (already a secret of the deployment, shared by every API node); else a random key generated on first start in
 * `<WAYMARK_DATA_DIR>/secrets.key` (mode 0600). The token signing key is not used when it lives in the database:
 * a key stored beside what it protects protects nothing.
 */
export async function loadSecretsKey(
  env: Pick<Env, 'WAYMARK_SECRETS_KEY' | 'WAYMARK_JWT_SECRET'>,
  dataDir: string,
): Promise<{ key: Uint8Array; source: string }> {
  if (env.WAYMARK_SECRETS_KEY) return { key: Buffer.from(env.WAYMARK_SECRETS_KEY), source: 'WAYMARK_SECRETS_KEY' };
  if (env.WAYMARK_JWT_SECRET) return { key: Buffer.from(env.WAYMARK_JWT_SECRET), source: 'WAYMARK_JWT_SECRET' };
  const file = join(dataDir, SECRETS_KEY_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    // `wx`: only the first start writes it; two starting at once keep the one that won
    await writeFile(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const text = (await readFile(file, 'utf8')).trim();
  const key = Buffer.from(text, 'base64url');
  if (key.length < 32) throw new ConfigError(`${file} does not hold a 32-byte key (base64url)`);
  return { key, source: file };
}

/**
 * Refuses to start with a key other than the one that sealed the stored secrets (a changed WAYMARK_JWT_SECRET, a
 * lost key file, an API node with a key file of its own): a TOTP secret it cannot open would lock its owner out.
 * While nothing is sealed the new key is simply recorded.
 */
export async function checkSecretsKey(db: Db, box: SecretBox, source: string): Promise<void> {
  const fingerprint = box.fingerprint();
  await db.serverKey.createMany({ data: [{ id: CHECK_ROW, value: fingerprint }], skipDuplicates: true });
  const row = await db.serverKey.findUniqueOrThrow({ where: { id: CHECK_ROW } });
  if (row.value === fingerprint) return;
  const sealed = await db.user.count({
    where: { OR: [{ totpKey: { startsWith: 'v1.' } }, { totpPendingKey: { startsWith: 'v1.' } }] },
  });
  if (sealed > 0) {
    throw new ConfigError(
      `The secrets key (from ${source}) is not the one that encrypted the ${sealed} stored TOTP secret(s). ` +
        'Start with the previous key (WAYMARK_SECRETS_KEY, WAYMARK_JWT_SECRET or the secrets.key file in ' +
        'WAYMARK_DATA_DIR, as before), or clear those users’ TOTP so they set it up again.',
    );
  }
  await db.serverKey.update({ where: { id: CHECK_ROW }, data: { value: fingerprint } });
}
