import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { protocolRegistry } from '../protocols/registry';
import { countLines, protocolLines, WAVE_1, WAVE_2 } from './protocol-lines';

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

  it('lists the 31 protocols of wave 2 once each, all registered', () => {
    expect(new Set(WAVE_2).size).toBe(31);
    expect(WAVE_2.length).toBe(31);
    for (const name of WAVE_2) expect(protocolRegistry.has(name), name).toBe(true);
  });
});
