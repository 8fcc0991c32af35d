import { describe, expect, it } from 'vitest';
import { protocolCapabilities, protocolCatalogue } from './catalogue';

describe('protocolCapabilities', () => {
  it('finds a protocol by its name and nothing else', () => {
    for (const [name, entry] of Object.entries(protocolCatalogue)) expect(protocolCapabilities(name)).toBe(entry);
    expect(protocolCapabilities('nosuchprotocol')).toBeUndefined();
    expect(protocolCapabilities('constructor')).toBeUndefined();
  });

  it('lists every protocol of the first wave and more, each under its own name, with distinct ports', () => {
    const entries = Object.entries(protocolCatalogue);
    const wave1 = ['osmand', 'gt06', 'h02', 'gps103', 'teltonika', 'ruptela', 'jt808', 'watch', 'tk103', 'meitrack'];
    for (const name of [...wave1, 'suntech', 'wialon', 'gl200']) expect(protocolCatalogue).toHaveProperty(name);
    expect(entries.length).toBeGreaterThan(13);
    for (const [key, entry] of entries) expect(entry.name).toBe(key);
    expect(new Set(entries.map(([, e]) => e.defaultPort)).size).toBe(entries.length);
  });
});
