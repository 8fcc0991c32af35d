import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { traccarPorts } from './ports';

const shared = process.env.WAYMARK_VECTORS_DIR ?? '/work/shared/fixtures/traccar-vectors';
const portsFile = `${shared}/ports.json`;
const found = existsSync(portsFile);

describe.skipIf(!found)(found ? 'default ports' : `default ports (skipped: ${portsFile} not found)`, () => {
  it("match Traccar's ports.json", () => {
    const json = JSON.parse(readFileSync(portsFile, 'utf8')) as {
      protocols: Record<string, { port: number; transports: string[] }>;
    };
    for (const [name, entry] of Object.entries(traccarPorts)) {
      expect(json.protocols[name], name).toMatchObject({ port: entry.port, transports: [...entry.transports] });
    }
  });
});
