#!/usr/bin/env node
// `pnpm test`: type-checks, lints, checks import boundaries and unused code, runs every vitest project and the Playwright specs, then prints
// one plain closing line "N passed, N failed, N skipped" with the real counts of both runners.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = mkdtempSync(join(tmpdir(), 'waymark-test-'));
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', FORCE_COLOR: process.env.CI ? '0' : '1' };
const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);

function run(cmd, args) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  return spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;
}

const failedSteps = [];
let passed = 0;
let failed = 0;
let skipped = 0;

if (want('static')) {
  if (run('pnpm', ['exec', 'turbo', 'run', 'typecheck', 'build', '--output-logs=errors-only']) !== 0)
    failedSteps.push('typecheck/build');
  if (run('pnpm', ['exec', 'biome', 'check', '.']) !== 0) failedSteps.push('lint');
  // The house's boundaries (.dependency-cruiser.cjs) and unused files, exports and dependencies (knip.json).
  if (run('pnpm', ['exec', 'depcruise', 'apps', 'packages', 'bench', '--config', '.dependency-cruiser.cjs']) !== 0)
    failedSteps.push('boundaries');
  if (run('pnpm', ['exec', 'knip', '--no-progress']) !== 0) failedSteps.push('unused code');
}

if (want('unit')) {
  const file = join(out, 'vitest.json');
  const code = run('pnpm', [
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (code !== 0 && r.numFailedTests === 0) failedSteps.push('vitest (suite error)');
  } else if (code !== 0) failedSteps.push('vitest');
}

if (want('e2e')) {
  const file = join(out, 'playwright.json');
  const code = spawnSync('pnpm', ['exec', 'playwright', 'test', '--reporter=list,json'], {
    stdio: 'inherit',
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
  }).status;
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats;
    passed += s.expected + (s.flaky ?? 0);
    failed += s.unexpected;
    skipped += s.skipped;
    if (code !== 0 && s.unexpected === 0) failedSteps.push('playwright (setup error)');
  } else if (code !== 0) failedSteps.push('playwright');
}

if (failedSteps.length > 0) console.log(`\nfailed steps: ${failedSteps.join(', ')}`);
const exit = failed > 0 || failedSteps.length > 0 ? 1 : 0;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exit);
