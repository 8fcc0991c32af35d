import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadVectors } from '../testing/traccar-vectors';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'waymark-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pnpm -s waymark replay (the real CLI)', () => {
  it('prints exactly one JSON line per input line on stdout, and nothing else', () => {
    const lines = [
      ...loadVectors('osmand').map((v) => JSON.stringify({ protocol: v.protocol, kind: v.kind, payload: v.payload })),
      'this is not json',
      JSON.stringify({ protocol: 'nosuch', kind: 'text', payload: 'x' }),
      JSON.stringify({ protocol: 'osmand', kind: 'http', payload: 'GET /?id=5&lat=1&lon=2 HTTP/1.1\r\n\r\n' }),
    ];
    const file = join(dir, 'lines.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const run = spawnSync('pnpm', ['--silent', 'waymark', 'replay', file], { cwd: root, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const out = run.stdout.split('\n');
    expect(out.pop()).toBe(''); // ends with a newline
    expect(out).toHaveLength(lines.length);
    const parsed = out.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.every((o) => 'error' in o || ('positions' in o && 'ack' in o))).toBe(true);
    expect(parsed.filter((o) => 'error' in o)).toHaveLength(2);
    expect(parsed.at(-1)).toMatchObject({ positions: [{ uniqueId: '5', latitude: 1, longitude: 2 }], ack: null });

    // stdin, with `-`
    const piped = spawnSync('pnpm', ['--silent', 'waymark', 'replay', '-'], {
      cwd: root,
      encoding: 'utf8',
      input: `${lines.at(-1)}\n`,
    });
    expect(piped.stdout.trim().split('\n')).toHaveLength(1);
  }, 60_000);
});
