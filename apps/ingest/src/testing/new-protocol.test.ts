import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { FramerFactory } from '../protocols/protocol.types';
import { type Framing, protocolFiles, registrationLines } from './new-protocol';
import { testSession } from './traccar-vectors';

const codec = fileURLToPath(new URL('../codec/', import.meta.url));
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Writes a generated folder outside the tree (the kit's imports pointed at it) and imports one of its files. */
async function generated(framing: Framing, file: 'framer' | 'decoder' | 'encoder') {
  const folder = mkdtempSync(join(tmpdir(), `kit-${framing}-`));
  folders.push(folder);
  for (const [name, text] of Object.entries(
    protocolFiles({ name: 'kitdemo', port: 5999, transports: ['tcp'], framing }),
  ))
    writeFileSync(join(folder, name), text.replaceAll("'../../codec/", `'${codec}`));
  return import(pathToFileURL(join(folder, `kitdemo.${file}.ts`)).href);
}

describe('new-protocol generator', () => {
  it('gives each framing a working kit framer', async () => {
    const line: FramerFactory = (await generated('line', 'framer')).kitdemoFramer;
    expect(line().push(Buffer.from('one\r\ntwo\nthr')).map(String)).toEqual(['one', 'two']);
    const length: FramerFactory = (await generated('length', 'framer')).kitdemoFramer;
    const frame = Buffer.from('$$\x00\x07abc', 'latin1');
    expect(length().push(Buffer.concat([Buffer.from('zz'), frame]))).toEqual([frame]);
    const escaped: FramerFactory = (await generated('escaped', 'framer')).kitdemoFramer;
    expect(escaped().push(Buffer.from('7e017d027e', 'hex'))[0]?.toString('hex')).toBe('7e017e7e');
  });

  it('writes a decoder that refuses every frame until its layouts are written, and a custom command', async () => {
    const { decodeKitdemo } = await generated('line', 'decoder');
    expect(() => decodeKitdemo(Buffer.from('x'), testSession())).toThrow(/kitdemo: message layouts not written yet/);
    const { encodeKitdemo } = await generated('line', 'encoder');
    expect(encodeKitdemo({ type: 'custom', attributes: { data: 'STATUS#' } }, testSession())).toBe('STATUS#');
    expect(encodeKitdemo({ type: 'engineStop', attributes: {} }, testSession())).toBeNull();
  });

  it("holds the new protocol to the issue's bars and names every shared table", () => {
    const files = protocolFiles({ name: 'kitdemo', port: 5999, transports: ['tcp', 'udp'], framing: 'length' });
    expect(Object.keys(files).sort()).toEqual([
      'kitdemo.decoder.test.ts',
      'kitdemo.decoder.ts',
      'kitdemo.encoder.ts',
      'kitdemo.framer.ts',
      'kitdemo.protocol.ts',
    ]);
    expect(files['kitdemo.decoder.test.ts']).toContain('toBeGreaterThanOrEqual(0.98)');
    expect(files['kitdemo.decoder.test.ts']).toContain('fuzzVectors');
    const http = protocolFiles({ name: 'kitweb', port: 5998, transports: ['http'], framing: 'http' });
    expect(Object.keys(http)).not.toContain('kitweb.framer.ts');
    expect(http['kitweb.protocol.ts']).toContain("kind: 'http'");
    const lines = registrationLines({ name: 'kitdemo', port: 5999, transports: ['tcp', 'udp'], framing: 'length' });
    expect(lines).toContain("defaultPort: 5999, transports: ['tcp', 'udp']");
    expect(lines).toContain('LARGEST_FRAME');
    expect(lines).toContain('registry.ts');
  });
});
