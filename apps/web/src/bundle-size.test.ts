import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The login page loads less than 300 kB of JavaScript (gzip). Reads the build's manifest
 * (`pnpm --filter @waymark/web build`: `pnpm test` runs it before the unit tests, this test when it is missing)
 * and adds up the chunks a
 * visit to /login loads: the entry with its static imports, and the login page's lazy chunk with its own.
 */
const dist = join(import.meta.dirname, '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

function chunksOf(manifest: Record<string, Chunk>, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const next of chunk.imports ?? []) chunksOf(manifest, next, seen);
  return seen;
}

export function loginPageJs(manifest: Record<string, Chunk>): { files: string[]; gzipBytes: number } {
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const login = Object.keys(manifest).find((k) => k.endsWith('pages/login-page.tsx'));
  if (!entry || !login) throw new Error('the manifest has no entry or no login page chunk');
  const keys = chunksOf(manifest, login, chunksOf(manifest, entry));
  const files = [...keys].map((k) => (manifest[k] as Chunk).file).filter((f) => f.endsWith('.js'));
  const gzipBytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f))).length, 0);
  return { files, gzipBytes };
}

describe('bundle size', () => {
  // `pnpm test` builds before the unit tests; run alone, the test builds the app itself
  beforeAll(() => {
    // (NODE_ENV is 'test' inside vitest: a build inheriting it would bundle React's development build)
    if (!existsSync(manifestPath)) {
      execSync('pnpm --filter @waymark/web build', {
        stdio: 'ignore',
        env: { ...process.env, NODE_ENV: 'production' },
      });
    }
  }, 180_000);

  it('the login page loads less than 300 kB of JavaScript, gzip', () => {
    const { files, gzipBytes } = loginPageJs(JSON.parse(readFileSync(manifestPath, 'utf8')));
    console.log(`login page: ${files.length} chunks, ${(gzipBytes / 1024).toFixed(1)} kB gzip`);
    expect(gzipBytes).toBeLessThan(300 * 1024);
    // the map, drawing and PDF libraries stay out of it
    expect(files.some((f) => /leaflet|geoman|jspdf/i.test(f))).toBe(false);
  });
});
