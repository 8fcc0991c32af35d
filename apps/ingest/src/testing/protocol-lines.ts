// Lines per protocol (issue 15's measure of the kit): pnpm --filter @waymark/ingest protocol-lines
// Counts each protocol folder's non-test TypeScript: all lines, and code lines (neither blank nor comment only),
// and gives the median of each wave.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const WAVE_1 = [
  'osmand',
  'gt06',
  'h02',
  'gps103',
  'teltonika',
  'ruptela',
  'jt808',
  'watch',
  'tk103',
  'meitrack',
  'suntech',
  'wialon',
  'gl200',
] as const;

export const WAVE_2 = [
  'meiligao',
  'navis',
  'totem',
  'jt600',
  'megastek',
  'atrack',
  'aplicom',
  'galileo',
  'castel',
  'eelink',
  'xexun',
  'gosafe',
  't800x',
  'minifinder2',
  'xirgo',
  'cellocator',
  'calamp',
  'egts',
  'dmt',
  'startek',
  'huasheng',
  'pt502',
  'fifotrack',
  'upro',
  't55',
  'laipac',
  'tlt2h',
  'ulbotech',
  'taip',
  'owntracks',
  'flespi',
] as const;

export interface LineCount {
  lines: number;
  code: number;
}

/** The lines of one source text: all, and those holding code (a line inside a block comment is not code). */
export function countLines(text: string): LineCount {
  let code = 0;
  let inBlock = false;
  const lines = text.split('\n');
  for (const raw of lines) {
    const line = raw.trim();
    if (inBlock) {
      if (line.includes('*/')) inBlock = false;
      continue;
    }
    if (line === '' || line.startsWith('//')) continue;
    if (line.startsWith('/*')) {
      inBlock = !line.includes('*/');
      continue;
    }
    code += 1;
  }
  return { lines: lines.length - (text.endsWith('\n') ? 1 : 0), code };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length === 0
    ? 0
    : sorted.length % 2
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** Each listed protocol present in `root` (its folder's non-test .ts files), and the medians. */
export function protocolLines(root: string, names: readonly string[]) {
  const present = new Set(readdirSync(root));
  const rows = names
    .filter((name) => present.has(name))
    .map((name) => {
      const total: LineCount = { lines: 0, code: 0 };
      for (const file of readdirSync(`${root}/${name}`)) {
        if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
        const count = countLines(readFileSync(`${root}/${name}/${file}`, 'utf8'));
        total.lines += count.lines;
        total.code += count.code;
      }
      return { name, ...total };
    });
  return { rows, medianLines: median(rows.map((r) => r.lines)), medianCode: median(rows.map((r) => r.code)) };
}

function main(): void {
  const root = fileURLToPath(new URL('../protocols/', import.meta.url));
  for (const [wave, names] of [
    ['wave 1', WAVE_1],
    ['wave 2', WAVE_2],
  ] as const) {
    const { rows, medianLines, medianCode } = protocolLines(root, names);
    console.log(`${wave}: ${rows.length} protocols, median ${medianLines} lines (${medianCode} code lines)`);
    for (const r of rows)
      console.log(`  ${r.name.padEnd(12)} ${String(r.lines).padStart(5)} ${String(r.code).padStart(5)}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
