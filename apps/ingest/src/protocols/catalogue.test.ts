import { readFileSync } from 'node:fs';
import type { CommandMessage } from '@waymark/contracts/bus';
import { COMMAND_TYPES } from '@waymark/contracts/saved-command';
import { protocolCatalogue } from '@waymark/protocols/catalogue';
import { describe, expect, it } from 'vitest';
import type { SessionView } from './protocol.types';
import { protocolRegistry } from './registry';

/** A valid value of every command parameter, so that an encoder's null can only mean "no such command". */
const ATTRIBUTES: CommandMessage['attributes'] = {
  data: '1',
  frequency: 60,
  timezone: 0,
  message: 'test',
  radius: 100,
  enable: true,
  index: 1,
  phone: '+10000000000',
  server: 'example.com',
  port: 5000,
};

/** Device ids where a protocol addresses units by a number of its own (Cellocator: a 32-bit unit id). */
const UNIQUE_IDS: Readonly<Record<string, string>> = { cellocator: '549765' };

/**
 * A session after the device's login: jt808 addresses its commands with the phone field the terminal sent, galileo
 * with the device number of its head packet, navis with the NTCB ids of the device's messages.
 */
function sessionOf(protocol: string, transport: SessionView['transport']): SessionView {
  return {
    protocol,
    transport,
    remoteAddress: '192.0.2.1:40000',
    uniqueId: '123456789012345',
    state: { phone: '012345678901', version: null, deviceId: 50, device: 0, server: 1 },
    receivedAt: new Date('2026-01-01T00:00:00Z'),
  };
}

describe('the protocol catalogue', () => {
  it('names exactly the protocols the registry serves, with their ports and transports', () => {
    expect([...protocolRegistry.keys()].sort()).toEqual(Object.keys(protocolCatalogue).sort());
    for (const [name, entry] of Object.entries(protocolCatalogue)) {
      const definition = protocolRegistry.get(name);
      expect(definition?.defaultPort, name).toBe(entry.defaultPort);
      expect(definition?.transports, name).toEqual(entry.transports);
    }
  });

  describe.each(Object.values(protocolCatalogue))('$name', (entry) => {
    const definition = protocolRegistry.get(entry.name);
    const listed = new Set<string>(entry.commands);
    const encode = (type: string) => {
      const encoder = definition?.encoder;
      if (!encoder) return null;
      const command: CommandMessage = {
        id: 'catalogue',
        uniqueId: UNIQUE_IDS[entry.name] ?? '123456789012345',
        type,
        attributes: ATTRIBUTES,
        createdAt: '2026-01-01T00:00:00.000Z',
      };
      return encoder(command, sessionOf(entry.name, entry.transports[0] ?? 'tcp'));
    };

    it('encodes every command type it lists, as text when it says so', () => {
      for (const type of entry.commands) {
        const encoded = encode(type);
        expect(encoded, type).not.toBeNull();
        expect(typeof encoded === 'string', type).toBe(entry.textCommands);
      }
    });

    it('encodes no command type it does not list', () => {
      const unlisted = COMMAND_TYPES.filter((type) => !listed.has(type));
      expect(unlisted.filter((type) => encode(type) !== null)).toEqual([]);
    });
  });
});

describe('default ports', () => {
  it("match Traccar's ports.json (HTTP being Traccar's TCP)", () => {
    const file = new URL('../../fixtures/traccar-vectors/ports.json', import.meta.url);
    const json = JSON.parse(readFileSync(file, 'utf8')) as {
      protocols: Record<string, { port: number; transports: string[] }>;
    };
    for (const [name, entry] of Object.entries(protocolCatalogue)) {
      const transports = entry.transports.map((t) => (t === 'http' ? 'tcp' : t));
      expect(json.protocols[name], name).toMatchObject({ port: entry.defaultPort, transports });
    }
  });
});
