import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../paths';
import { withDatabase } from '../testing/global-setup';

const MIGRATION = '20261125150532_rule_author_and_command_rows';
const folders = readdirSync(paths.migrations, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
const run = (client: pg.Client, folder: string) =>
  client.query(readFileSync(join(paths.migrations, folder, 'migration.sql'), 'utf8'));

/** The data this migration moves: a command row's negated userId, a rule's author in the audit log. */
describe(MIGRATION, () => {
  const name = `wm_mig_${randomBytes(4).toString('hex')}`;
  let client: pg.Client;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    client = new pg.Client({ connectionString: withDatabase(inject('pgAdminUrl'), name) });
    await client.connect();
    for (const folder of folders.filter((f) => f < MIGRATION)) await run(client, folder);
  }, 60_000);

  afterAll(async () => {
    await client.end();
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('moves saved commands out of userId and takes each rule author from its last save in the audit log', async () => {
    await client.query(`
      INSERT INTO notifications (id, type, channels, "updatedAt") VALUES
        (1, 'alarm', '{command}', now()), (2, 'alarm', '{mail}', now()), (3, 'alarm', '{web}', now());
      INSERT INTO audit_log ("userId", action, "objectType", "objectId") VALUES
        (10, 'notification.created', 'notification', '1'),
        (11, 'notification.updated', 'notification', '1'),
        (12, 'notification.deleted', 'notification', '1'),
        (13, 'notification.created', 'notification', '2'),
        (14, 'device.updated', 'device', '3');
      INSERT INTO notification_deliveries ("eventId", "userId", channel, "notificationId") VALUES
        (100, -7, 'command', 1), (100, 13, 'mail', 2);`);
    await run(client, MIGRATION);
    const rules = await client.query('SELECT id, "authorId" FROM notifications ORDER BY id');
    expect(rules.rows).toEqual([
      { id: 1, authorId: 11 },
      { id: 2, authorId: 13 },
      { id: 3, authorId: null },
    ]);
    const rows = await client.query(
      'SELECT channel, "userId", "savedCommandId" FROM notification_deliveries ORDER BY channel',
    );
    expect(rows.rows).toEqual([
      { channel: 'command', userId: null, savedCommandId: 7 },
      { channel: 'mail', userId: 13, savedCommandId: null },
    ]);
  });
});
