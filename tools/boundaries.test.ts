import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

// The boundary rules of .dependency-cruiser.cjs (run over the real tree by `pnpm test`) held against a small tree
// with one deliberately wrong import per rule, so a rule that stopped matching would fail here.
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs');

const tree: Record<string, string> = {
  'apps/api/src/ok.ts': "import { y } from './other';\nexport const ok = y;\n",
  'apps/api/src/other.ts': 'export const y = 1;\n',
  'apps/api/src/wrong-app.ts': "import { x } from '../../ingest/src/decoder';\nexport const a = x;\n",
  'apps/ingest/src/decoder.ts': 'export const x = 1;\n',
  'apps/platform/src/compose.ts':
    "import { x } from '../../ingest/src/decoder';\nimport { y } from '../../api/src/other';\nexport const c = x + y;\n",
  'packages/geo/src/wrong-leaf.ts': "import { q } from '../../bus/src/queue';\nexport const g = q;\n",
  'packages/geo/src/fine-leaf.ts': "import { k } from '../../contracts/src/keys';\nexport const f = k;\n",
  'packages/contracts/src/keys.ts': 'export const k = 1;\n',
  'packages/bus/src/queue.ts': 'export const q = 1;\n',
  'apps/api/src/uses-kit.ts': "import { kit } from './testing/kit';\nexport const u = kit;\n",
  'apps/api/src/testing/kit.ts': 'export const kit = 1;\n',
  'apps/api/src/kit.test.ts': "import { kit } from './testing/kit';\nexport const t = kit;\n",
  'apps/web/src/features/a/a.tsx': "import { C } from '../b/components/c';\nexport const A = C;\n",
  'apps/web/src/features/a/own.tsx': "import { D } from './components/d';\nexport const O = D;\n",
  'apps/web/src/features/a/components/d.tsx': 'export const D = 1;\n',
  'apps/web/src/features/b/components/c.tsx': 'export const C = 1;\n',
  'apps/ingest/src/p1.ts': "import { p2 } from './p2';\nexport const p1 = () => p2();\n",
  'apps/ingest/src/p2.ts': "import { p1 } from './p1';\nexport const p2 = () => p1();\n",
};

const root = mkdtempSync(join(tmpdir(), 'waymark-boundaries-'));
for (const [path, text] of Object.entries(tree)) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('boundary rules', () => {
  it('fail each deliberately wrong import and pass the allowed ones', async () => {
    const { tsConfig: _tsConfig, ...options } = config.options;
    const result = await cruise(['apps', 'packages'], { ...options, baseDir: root, ruleSet: config, validate: true });
    const output = result.output as { summary: { violations: { rule: { name: string }; from: string }[] } };
    // A cycle is reported once, from whichever of its files the cruise met first.
    const found = output.summary.violations
      .map((v) =>
        v.rule.name === 'no-circular' ? 'no-circular apps/ingest/src/p1.ts|p2.ts' : `${v.rule.name} ${v.from}`,
      )
      .sort();
    expect(found).toEqual(
      [
        'no-app-imports-app apps/api/src/wrong-app.ts',
        'no-circular apps/ingest/src/p1.ts|p2.ts',
        'no-feature-imports-another-features-components apps/web/src/features/a/a.tsx',
        'no-test-support-in-production apps/api/src/uses-kit.ts',
        'packages-are-leaves packages/geo/src/wrong-leaf.ts',
      ].sort(),
    );
  });
});
