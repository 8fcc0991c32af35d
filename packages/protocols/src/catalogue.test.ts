import { describe, expect, it } from 'vitest';
import { protocolCapabilities, protocolCatalogue } from './catalogue';

describe('protocolCapabilities', () => {
  it('finds a protocol by its name and nothing else', () => {
    for (const [name, entry] of Object.entries(protocolCatalogue)) expect(protocolCapabilities(name)).toBe(entry);
    expect(protocolCapabilities('nosuchprotocol')).toBeUndefined();
    expect(protocolCapabilities('constructor')).toBeUndefined();
  });

  it('lists the protocols, each under its own name, with distinct ports', () => {
    const entries = Object.entries(protocolCatalogue);
    // wave 1; later protocols add to the list (issue 15), so its length is not pinned here
    for (const name of ['osmand', 'gt06', 'h02', 'gps103', 'teltonika', 'ruptela', 'jt808', 'watch', 'tk103'])
      expect(Object.keys(protocolCatalogue)).toContain(name);
    for (const [key, entry] of entries) expect(entry.name).toBe(key);
    expect(new Set(entries.map(([, e]) => e.defaultPort)).size).toBe(entries.length);
  });
});
