import { describe, expect, it } from 'vitest';
import { protocolCapabilities, protocolCatalogue } from './catalogue';

describe('protocolCapabilities', () => {
  it('finds a protocol by its name and nothing else', () => {
    for (const [name, entry] of Object.entries(protocolCatalogue)) expect(protocolCapabilities(name)).toBe(entry);
    expect(protocolCapabilities('nosuchprotocol')).toBeUndefined();
    expect(protocolCapabilities('constructor')).toBeUndefined();
  });

  it('lists 18 protocols, each under its own name, with distinct ports', () => {
    const entries = Object.entries(protocolCatalogue);
    expect(entries).toHaveLength(18);
    for (const [key, entry] of entries) expect(entry.name).toBe(key);
    expect(new Set(entries.map(([, e]) => e.defaultPort)).size).toBe(entries.length);
  });
});
