import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../paths';
import { readSchemaFiles } from '../schema-files';
import { readSchemaModels } from '../schema-model';
import { withDatabase } from '../testing/global-setup';
import { diffMigrationsToSchema } from './diff';
import { applyMigrations } from './migrate';

const adminUrl = () => inject('pgAdminUrl');
const folders = readdirSync(paths.migrations, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe('migrations', () => {
  const name = `wm_mig_${randomBytes(4).toString('hex')}`;
  let url: string;
  let client: pg.Client;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    url = withDatabase(adminUrl(), name);
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });

  afterAll(async () => {
    await client.end();
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('the schema folder and the migrations folder describe the same schema (no drift)', async () => {
    expect(await diffMigrationsToSchema()).toBe('');
  }, 60_000);

  it('generates the next migration from a change in one file of the schema folder', async () => {
    const changed = mkdtempSync(join(tmpdir(), 'schema-'));
    cpSync(paths.schema, changed, { recursive: true });
    const vendorFile = readSchemaFiles(changed).find((f) => f.content.includes('model Vendor {\n'));
    if (!vendorFile) throw new Error('no schema file models Vendor');
    writeFileSync(
      vendorFile.path,
      vendorFile.content.replace('model Vendor {\n', 'model Vendor {\n  rating     Int?\n'),
    );
    try {
      const sql = await diffMigrationsToSchema(changed);
      expect(sql).toContain('ALTER TABLE "vendors" ADD COLUMN     "rating" INTEGER');
    } finally {
      rmSync(changed, { recursive: true });
    }
  }, 60_000);

  it('applies every migration to an empty database and records it as prisma migrate deploy does', async () => {
    expect(await applyMigrations(url)).toEqual(folders);
    expect(await applyMigrations(url)).toEqual([]);
    const rows = await client.query(
      'SELECT migration_name, checksum, finished_at, applied_steps_count, rolled_back_at FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows.rows.map((r) => r.migration_name)).toEqual(folders);
    for (const row of rows.rows) {
      const sql = readFileSync(join(paths.migrations, row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it('gives PostgreSQL every table and column that the schema models', async () => {
    const cols = await client.query<{ table_name: string; column_name: string; is_nullable: string }>(
      `SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const actual = new Map<string, Map<string, boolean>>();
    for (const c of cols.rows) {
      const table = actual.get(c.table_name) ?? new Map<string, boolean>();
      table.set(c.column_name, c.is_nullable === 'YES');
      actual.set(c.table_name, table);
    }
    const models = readSchemaModels();
    expect(models.length).toBeGreaterThan(40);
    for (const model of models) {
      const table = actual.get(model.table);
      expect(table, `table of ${model.name}`).toBeDefined();
      for (const field of model.fields.filter((f) => !f.relation)) {
        expect(table?.has(field.column), `${model.name}.${field.name}`).toBe(true);
        // Prisma leaves scalar lists nullable in PostgreSQL
        if (!field.list)
          expect(table?.get(field.column), `${model.name}.${field.name} nullability`).toBe(field.optional);
      }
    }
  });
});
