import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@waymark/db/testing/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../env';
import { buildUser } from '../testing/factories';
import { SecretBox } from './secret-box';
import { checkSecretsKey, loadSecretsKey, SECRETS_KEY_FILE } from './secrets-key';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'waymark-secrets-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the secrets key', () => {
  it('is WAYMARK_SECRETS_KEY, else WAYMARK_JWT_SECRET, and then no file is written', async () => {
    const own = 's'.repeat(40);
    const jwt = 'j'.repeat(40);
    const none = join(dir, 'unused');
    expect(await loadSecretsKey({ WAYMARK_SECRETS_KEY: own, WAYMARK_JWT_SECRET: jwt }, none)).toEqual({
      key: Buffer.from(own),
      source: 'WAYMARK_SECRETS_KEY',
    });
    expect(await loadSecretsKey({ WAYMARK_JWT_SECRET: jwt }, none)).toEqual({
      key: Buffer.from(jwt),
      source: 'WAYMARK_JWT_SECRET',
    });
    await expect(stat(none)).rejects.toThrow();
  });

  it('is otherwise a random key kept in the data directory, readable by the owner only, the same at every start', async () => {
    const first = await loadSecretsKey({}, join(dir, 'data'));
    const file = join(dir, 'data', SECRETS_KEY_FILE);
    expect(first.source).toBe(file);
    expect(first.key).toHaveLength(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = await loadSecretsKey({}, join(dir, 'data'));
    expect(Buffer.from(again.key).equals(Buffer.from(first.key))).toBe(true);
    expect(await readFile(file, 'utf8')).not.toBe('');
  });

  it('refuses a key file that holds no 32-byte key', async () => {
    const bad = join(dir, 'bad');
    await loadSecretsKey({}, bad);
    await writeFile(join(bad, SECRETS_KEY_FILE), 'too-short\n');
    await expect(loadSecretsKey({}, bad)).rejects.toThrow(ConfigError);
  });
});

describe('a start with another secrets key', () => {
  it('is refused once secrets are sealed, and accepted (and recorded) while none is', async () => {
    const database = await createTestDatabase();
    try {
      const first = new SecretBox(randomBytes(32));
      const second = new SecretBox(randomBytes(32));
      await checkSecretsKey(database.db, first, 'first');
      await checkSecretsKey(database.db, first, 'first');
      // nothing sealed yet: the new key is taken
      await checkSecretsKey(database.db, second, 'second');
      const user = await buildUser(database.db);
      await database.db.user.update({ where: { id: user.id }, data: { totpKey: second.seal('SECRET', 'x') } });
      await expect(checkSecretsKey(database.db, first, 'WAYMARK_JWT_SECRET')).rejects.toThrow(
        /The secrets key \(from WAYMARK_JWT_SECRET\) is not the one that encrypted the 1 stored TOTP secret/,
      );
      await checkSecretsKey(database.db, second, 'second');
    } finally {
      await database.drop();
    }
  }, 60_000); // a database of its own: its creation waits for a checkpoint on a busy server
});
