import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '@waymark/db/paths';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from './testing/test-app';
import { createTestApp } from './testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('docs/api.md documents every route of the API', () => {
  const doc = readFileSync(join(paths.root, 'docs', 'api.md'), 'utf8');
  const missing = t.app.routeTable.map((r) => `${r.method} ${r.url}`).filter((call) => !doc.includes(`\`${call}\``));
  expect(missing).toEqual([]);
});
