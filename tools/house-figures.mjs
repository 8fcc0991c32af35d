#!/usr/bin/env node
// Figures of the house's structure, for before/after comparisons of a restructuring:
// API modules with a service, files under modules/ that call Prisma outside a service, lines of ingest codec/
// files named after a protocol, and import cycles. `node tools/house-figures.mjs [repo-dir]`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2] ?? process.cwd();
const isTest = (f) => /\.(test|spec)\.tsx?$|\.test-kit\.ts$/.test(f) || /\/(testing|test)\//.test(f);

function walk(dir) {
  let out = [];
  let names = [];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(walk(path));
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const modulesDir = join(root, 'apps/api/src/modules');
const modules = readdirSync(modulesDir).filter((m) => statSync(join(modulesDir, m)).isDirectory() && m !== 'shared');
const withService = modules.filter((m) => walk(join(modulesDir, m)).some((f) => f.endsWith('.service.ts')));

const PRISMA_CALL =
  /\b(db|tx)\.[a-zA-Z]+\.(findMany|findUnique|findUniqueOrThrow|findFirst|create|createMany|update|updateMany|upsert|delete|deleteMany|count|aggregate|groupBy)\(|\$transaction|\$queryRaw|\$executeRaw/;
const prismaOutside = walk(modulesDir)
  .filter((f) => !isTest(f) && !f.endsWith('.service.ts'))
  .filter((f) => PRISMA_CALL.test(readFileSync(f, 'utf8')));
const routesWithPrisma = prismaOutside.filter((f) => /\.routes\.ts$/.test(f));

const protocols = readdirSync(join(root, 'apps/ingest/src/protocols')).filter((p) =>
  statSync(join(root, 'apps/ingest/src/protocols', p)).isDirectory(),
);
const codec = walk(join(root, 'apps/ingest/src/codec')).filter((f) => !isTest(f));
const protocolNamed = codec.filter((f) => protocols.some((p) => f.split('/').pop().startsWith(`${p}-`)));
const lines = (f) => readFileSync(f, 'utf8').split('\n').length - 1;

let cycles = 'n/a';
try {
  const { cruise } = await import('dependency-cruiser');
  const result = await cruise(['apps', 'packages'], {
    baseDir: root,
    validate: true,
    tsPreCompilationDeps: true,
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['(^|/)node_modules/', '/dist/', '/generated/', '\\.d\\.ts$'] },
    ruleSet: { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] },
  });
  cycles = String(result.output.summary.violations.length);
} catch (error) {
  cycles = `n/a (${error.message})`;
}

console.log(`API modules with a service: ${withService.length} of ${modules.length}`);
console.log(`files under apps/api/src/modules calling Prisma outside a service: ${prismaOutside.length}`);
console.log(`  of them routes files: ${routesWithPrisma.length}`);
for (const f of prismaOutside) console.log(`    ${f.slice(root.length + 1)}`);
console.log(
  `ingest codec/ files named after a protocol: ${protocolNamed.length}, ${protocolNamed.reduce((n, f) => n + lines(f), 0)} lines`,
);
console.log(`import cycles (dependency-cruiser, type imports included): ${cycles}`);
