#!/usr/bin/env node
// `pnpm test`: type-checks, lints, checks import boundaries and unused code, runs every vitest project and the Playwright specs, then prints
// one plain closing line "N passed, N failed, N skipped" with the real counts of both runners.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
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

// The Playwright specs run beside vitest unless WAYMARK_TEST_SERIAL is set: vitest's node files share one worker
// process (vitest.config.ts) and the specs mostly wait on the server and the browser, so on two cores the two
// overlap instead of adding up. Their output is kept in a file and printed once vitest is done.
const e2eFile = join(out, 'playwright.json');
const e2eLog = join(out, 'playwright.log');
let e2eBeside = null;
if (want('e2e')) {
  const beside = !process.env.WAYMARK_TEST_SERIAL && want('unit');
  console.log(`\n$ pnpm exec playwright test${beside ? ' (beside vitest; its output follows vitest)' : ''}`);
  const fd = beside ? openSync(e2eLog, 'w') : undefined;
  const child = spawn('pnpm', ['exec', 'playwright', 'test', '--reporter=list,json'], {
    stdio: beside ? ['ignore', fd, fd] : 'inherit',
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile },
  });
  const e2eDone = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  }).finally(() => {
    if (fd !== undefined) closeSync(fd);
  });
  if (beside) e2eBeside = e2eDone;
  else await collectE2e(await e2eDone);
}

if (want('unit')) {
  const file = join(out, 'vitest.json');
  // spawnSync would block this process's event loop, which the Playwright child does not need
  const code = await new Promise((resolve) => {
    console.log('\n$ pnpm exec vitest run --reporter=default --reporter=json');
    const child = spawn(
      'pnpm',
      ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
      { stdio: 'inherit', env },
    );
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (code !== 0 && r.numFailedTests === 0) failedSteps.push('vitest (suite error)');
  } else if (code !== 0) failedSteps.push('vitest');
  if (e2eBeside) {
    const e2eCode = await e2eBeside;
    console.log('\n$ pnpm exec playwright test (its output, run beside vitest)');
    if (existsSync(e2eLog)) process.stdout.write(readFileSync(e2eLog, 'utf8'));
    await collectE2e(e2eCode);
  }
}

async function collectE2e(code) {
  if (existsSync(e2eFile)) {
    const s = JSON.parse(readFileSync(e2eFile, 'utf8')).stats;
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
