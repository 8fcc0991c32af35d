import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { protocolCapabilities, protocolCatalogue } from './catalogue';

const shared = process.env.WAYMARK_VECTORS_DIR ?? '/work/shared/fixtures/traccar-vectors';
const portsFile = `${shared}/ports.json`;
const found = existsSync(portsFile);

describe.skipIf(!found)(found ? 'default ports' : `default ports (skipped: ${portsFile} not found)`, () => {
  it("match Traccar's ports.json (HTTP being Traccar's TCP)", () => {
    const json = JSON.parse(readFileSync(portsFile, 'utf8')) as {
      protocols: Record<string, { port: number; transports: string[] }>;
    };
    for (const [name, entry] of Object.entries(protocolCatalogue)) {
      const transports = entry.transports.map((t) => (t === 'http' ? 'tcp' : t));
      expect(json.protocols[name], name).toMatchObject({ port: entry.defaultPort, transports });
    }
  });
});

describe('protocolCapabilities', () => {
  it('finds a protocol by its name and nothing else', () => {
    for (const [name, entry] of Object.entries(protocolCatalogue)) expect(protocolCapabilities(name)).toBe(entry);
    expect(protocolCapabilities('nosuchprotocol')).toBeUndefined();
    expect(protocolCapabilities('constructor')).toBeUndefined();
  });

  it('lists 13 protocols, each under its own name, with distinct ports', () => {
    const entries = Object.entries(protocolCatalogue);
    expect(entries).toHaveLength(13);
    for (const [key, entry] of entries) expect(entry.name).toBe(key);
    expect(new Set(entries.map(([, e]) => e.defaultPort)).size).toBe(entries.length);
  });
});
