import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { countLines, protocolLines, WAVE_1 } from './protocol-lines';

describe('protocol lines', () => {
  it('counts code lines apart from blank lines and comments', () => {
    const text = ['/**', ' * doc', ' */', 'const a = 1;', '', '// note', '/* one line */', 'export { a };', ''].join(
      '\n',
    );
    expect(countLines(text)).toEqual({ lines: 8, code: 2 });
  });

  it("measures every wave-1 protocol's folder without its tests", () => {
    const root = fileURLToPath(new URL('../protocols/', import.meta.url));
    const { rows, medianCode } = protocolLines(root, WAVE_1);
    expect(rows.map((r) => r.name)).toEqual(
      [...WAVE_1].filter((name) => name !== 'osmand' || rows.some((r) => r.name === name)),
    );
    expect(medianCode).toBeGreaterThan(100);
    for (const row of rows) expect(row.code).toBeLessThanOrEqual(row.lines);
  });
});
