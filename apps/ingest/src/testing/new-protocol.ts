// Starts a new protocol's folder from the kit: pnpm --filter @waymark/ingest new-protocol <name> --port <n>
//   [--transports tcp,udp] [--framing line|length|escaped|http|none] [--vectors <dir of traccar-vectors>]
// It writes apps/ingest/src/protocols/<name>/ (protocol, framer, decoder, encoder and their tests, the decoder test
// holding the protocol to the issue's bars), copies the protocol's vectors beside the others, and prints the lines
// the shared tables need (registry, catalogue, framer bounds, docs). What is left is the protocol's own layouts.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export type Framing = 'line' | 'length' | 'escaped' | 'http' | 'none';

export interface NewProtocol {
  /** Traccar's protocol name: lower case letters and digits. */
  name: string;
  port: number;
  transports: readonly ('tcp' | 'udp' | 'http')[];
  framing: Framing;
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The kit's framer for a framing, as the framer file's text. */
function framerFile(p: NewProtocol): string {
  const id = `${p.name}Framer`;
  const max = `${p.name.toUpperCase()}_MAX_FRAME`;
  switch (p.framing) {
    case 'line':
      return `import { delimiterFramer } from '../../codec/delimiter.framer';
import type { FramerFactory } from '../protocol.types';

/** Longest frame kept. */
export const ${max} = 2048;

/** ${p.name} frames are lines. */
export const ${id}: FramerFactory = delimiterFramer({ delimiters: ['\\r\\n', '\\n'], maxFrameLength: ${max} });
`;
    case 'length':
      return `import { lengthFieldFramer } from '../../codec/length-field.framer';
import type { FramerFactory } from '../protocol.types';

/** Longest frame kept. */
export const ${max} = 4096;

/** ${p.name} frames open with their header and carry their length (set the layout from the protocol's document). */
export const ${id}: FramerFactory = lengthFieldFramer({
  header: Buffer.from('$$', 'latin1'),
  lengthOffset: 2,
  lengthSize: 2,
  lengthAdjustment: 0,
  maxFrame: ${max},
});
`;
    case 'escaped':
      return `import { escapedFramer } from '../../codec/escaped.framer';
import type { FramerFactory } from '../protocol.types';

/** Longest frame kept, escaped. */
export const ${max} = 8192;

/** ${p.name} frames run from flag to flag with byte stuffing. */
export const ${id}: FramerFactory = escapedFramer({
  flag: 0x7e,
  escape: 0x7d,
  escapes: { 1: 0x7d, 2: 0x7e },
  maxFrame: ${max},
});
`;
    default:
      return '';
  }
}

/** The files of the new folder, by file name. */
export function protocolFiles(p: NewProtocol): Record<string, string> {
  const P = pascal(p.name);
  const http = p.framing === 'http';
  const framed = !http && p.framing !== 'none';
  const frameType = http ? 'HttpRequestFrame' : 'Buffer';
  const files: Record<string, string> = {};
  files[`${p.name}.protocol.ts`] = `import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { ${http ? 'HttpProtocol' : 'StreamProtocol'} } from '../protocol.types';
import { decode${P} } from './${p.name}.decoder';
import { encode${P} } from './${p.name}.encoder';
${framed ? `import { ${p.name}Framer } from './${p.name}.framer';\n` : ''}
/** ${p.name} on Traccar's port ${p.port} (${p.transports.join(', ')}). */
export const ${p.name}Protocol: ${http ? 'HttpProtocol' : 'StreamProtocol'} = {
  name: '${p.name}',
  kind: '${http ? 'http' : 'stream'}',
  defaultPort: protocolCatalogue.${p.name}.defaultPort,
  transports: ${http ? "['http']" : `protocolCatalogue.${p.name}.transports`},
${framed ? `  framer: ${p.name}Framer,\n` : ''}  decoder: decode${P},
  encoder: encode${P},
};
`;
  if (framed) files[`${p.name}.framer.ts`] = framerFile(p);
  files[`${p.name}.decoder.ts`] =
    `import type { DecodeResult, ${frameType === 'Buffer' ? '' : 'HttpRequestFrame, '}SessionView } from '../protocol.types';

/** One ${p.name} message: its positions, the device it names, the ack the device waits for. Throws on a malformed one. */
export function decode${P}(frame: ${frameType}, session: SessionView): DecodeResult {
  throw new Error(\`${p.name}: message layouts not written yet (\${session.protocol}, \${${http ? 'frame.url' : 'frame.length'}})\`);
}
`;
  files[`${p.name}.encoder.ts`] = `import type { Encoder } from '../protocol.types';

/** The commands ${p.name} defines, as the device takes them; null for a command it has not. */
export const encode${P}: Encoder = (command) => {
  switch (command.type) {
    case 'custom':
      return String(command.attributes?.data ?? '');
    default:
      return null;
  }
};
`;
  files[`${p.name}.decoder.test.ts`] = `import { describe, expect, it } from 'vitest';
${http ? '' : "import { fuzzVectors } from '../../testing/protocol.test-kit';\n"}import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { ${p.name}Protocol } from './${p.name}.protocol';

describe('${p.name}: Traccar vectors', () => {
  it("decodes them as Traccar did (the issue's bars: 98 % of messages, 95 % of attribute values)", () => {
    const score = scoreProtocol(${p.name}Protocol, loadVectors('${p.name}'));
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });
${
  http
    ? ''
    : `
  it('never lets a mutated frame escape or hang', () => {
    const { slowest } = fuzzVectors('${p.name}', ${p.name}Protocol.framer ?? (() => ({ push: (b: Buffer) => [b], buffered: 0 })), ${p.name}Protocol.decoder);
    expect(slowest).toBeLessThan(50);
  });
`
}});
`;
  return files;
}

/** The lines the shared tables need, printed for the author to place. */
export function registrationLines(p: NewProtocol): string {
  const transports = p.transports.map((t) => `'${t}'`).join(', ');
  return [
    `apps/ingest/src/protocols/registry.ts:   import { ${p.name}Protocol } from './${p.name}/${p.name}.protocol';  … ${p.name}Protocol,`,
    `packages/protocols/src/catalogue.ts:     ${p.name}: { name: '${p.name}', defaultPort: ${p.port}, transports: [${transports}], commands: ['custom'], textCommands: false },`,
    p.framing === 'http' || p.framing === 'none'
      ? ''
      : `apps/ingest/src/testing/framer-bounds.test.ts LARGEST_FRAME:   ${p.name}: ${p.name.toUpperCase()}_MAX_FRAME,`,
    `docs/protocols.md: a row in both tables (pnpm --filter @waymark/ingest scores gives the first)`,
  ]
    .filter(Boolean)
    .join('\n');
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      transports: { type: 'string', default: 'tcp' },
      framing: { type: 'string', default: 'line' },
      vectors: { type: 'string' },
    },
  });
  const name = positionals[0] ?? '';
  const port = Number(values.port);
  const framing = values.framing as Framing;
  if (!/^[a-z][a-z0-9]*$/.test(name) || !Number.isInteger(port) || port <= 0 || port > 65535) {
    console.error(
      'usage: new-protocol <name> --port <n> [--transports tcp,udp] [--framing line|length|escaped|http|none] [--vectors <dir>]',
    );
    process.exit(2);
  }
  if (!['line', 'length', 'escaped', 'http', 'none'].includes(framing)) {
    console.error(`unknown framing: ${framing}`);
    process.exit(2);
  }
  const spec: NewProtocol = {
    name,
    port,
    framing,
    transports: framing === 'http' ? ['http'] : (values.transports.split(',') as NewProtocol['transports']),
  };
  const folder = fileURLToPath(new URL(`../protocols/${name}/`, import.meta.url));
  if (existsSync(folder)) {
    console.error(`${folder} exists already`);
    process.exit(1);
  }
  mkdirSync(folder);
  for (const [file, text] of Object.entries(protocolFiles(spec))) writeFileSync(`${folder}${file}`, text);
  const fixtures = fileURLToPath(new URL('../../fixtures/traccar-vectors/', import.meta.url));
  // a relative --vectors is taken from where the command was typed (pnpm --filter runs it in apps/ingest and
  // keeps the caller's directory in INIT_CWD)
  const vectors = values.vectors ? resolve(process.env.INIT_CWD ?? process.cwd(), values.vectors) : undefined;
  if (vectors && !existsSync(`${vectors}/${name}.jsonl`))
    console.error(`no ${vectors}/${name}.jsonl: no vectors copied`);
  for (const [from, to] of [
    [`${vectors}/${name}.jsonl`, `${fixtures}${name}.jsonl`],
    [`${vectors}/frames/${name}.jsonl`, `${fixtures}frames/${name}.jsonl`],
  ] as const) {
    if (vectors && existsSync(from)) copyFileSync(from, to);
  }
  // the templates are laid out by the house's formatter, as every file is
  execFileSync('pnpm', ['exec', 'biome', 'check', '--write', folder], { stdio: 'ignore' });
  console.log(`wrote ${folder}\nnow add:\n${registrationLines(spec)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
