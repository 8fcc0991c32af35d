import { afterEach, describe, expect, it } from 'vitest';
import { protocolRegistry } from '../protocols/registry';
import { startTestIngest, waitFor } from '../testing/ingest-harness';
import type { SimulatedProtocol } from './device-links';
import { imeiOf, numberedDevices, startSimulation } from './simulation';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const all: SimulatedProtocol[] = ['gt06', 'teltonika', 'osmand'];
const registered = all.filter((p) => protocolRegistry.has(p));
const missing = all.filter((p) => !protocolRegistry.has(p));

describe('imeiOf', () => {
  it('makes 15-digit IMEIs with a Luhn check digit, unique per device', () => {
    expect(imeiOf('4901542032375', 1)).toBe('490154203237518'); // the IMEI of the Luhn article
    const ids = numberedDevices(1000, 'gt06').map((d) => d.uniqueId);
    expect(new Set(ids).size).toBe(1000);
    expect(ids.every((id) => /^\d{15}$/.test(id))).toBe(true);
    expect(() => imeiOf('12345678901234', 1)).toThrow();
  });
});

describe('startSimulation against a real ingest', () => {
  it.skipIf(registered.length === 0)(
    `devices of ${registered.join(', ')} log in and report over real connections; stop() hangs up${
      missing.length ? ` (not registered yet: ${missing.join(', ')})` : ''
    }`,
    async () => {
      const portOverrides = Object.fromEntries(registered.map((p) => [p, 0]));
      const ingest = await startTestIngest({ protocols: registered, portOverrides });
      closers.push(() => ingest.close());
      const devices = registered.flatMap((protocol, p) =>
        numberedDevices(3, protocol, `35${p}`).map((d) => ({ ...d, protocol })),
      );
      const errors: string[] = [];
      const simulation = startSimulation({
        devices,
        rate: 20,
        ports: Object.fromEntries(registered.map((p) => [p, ingest.portOf(p, p === 'osmand' ? 'http' : 'tcp')])),
        seed: 1,
        onError: (d, err) => errors.push(`${d.uniqueId}: ${err.message}`),
      });
      closers.push(() => simulation.stop());
      // Every device's positions arrive, several each.
      await waitFor(
        () => devices.every((d) => ingest.positions.filter((p) => p.uniqueId === d.uniqueId).length >= 3),
        'positions of every device',
        15_000,
      );
      expect(simulation.stats().connected).toBe(devices.length);
      await simulation.stop();
      const stats = simulation.stats();
      expect(errors).toEqual([]);
      expect(stats).toMatchObject({ devices: devices.length, errors: 0, connected: 0 });
      expect(stats.acked).toBeGreaterThan(devices.length * 3);
      expect(stats.sent - stats.acked).toBeLessThanOrEqual(devices.length); // at most one in flight each
      for (const position of ingest.positions) {
        if (!position.outdated) expect(Math.abs(position.latitude - 48.8566)).toBeLessThan(0.2);
        expect(position.protocol).toBe(devices.find((d) => d.uniqueId === position.uniqueId)?.protocol);
      }
      const tcp = devices.filter((d) => d.protocol !== 'osmand').map((d) => d.uniqueId);
      await waitFor(
        () => tcp.every((id) => ingest.statuses.some((s) => s.uniqueId === id && s.event === 'disconnected')),
        'disconnections',
      );
      const count = ingest.positions.length;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ingest.positions.length).toBe(count); // stopped means stopped
    },
    30_000,
  );

  it('sends several records per Teltonika packet when asked, each its own position', async () => {
    const ingest = await startTestIngest({ protocols: ['teltonika'], portOverrides: { teltonika: 0 } });
    closers.push(() => ingest.close());
    const errors: string[] = [];
    const simulation = startSimulation({
      devices: numberedDevices(2, 'teltonika', '3599'),
      rate: 20,
      recordsPerPacket: 5,
      ports: { teltonika: ingest.portOf('teltonika', 'tcp') },
      seed: 2,
      onError: (d, err) => errors.push(`${d.uniqueId}: ${err.message}`),
    });
    closers.push(() => simulation.stop());
    for (let i = 0; i < 100 && ingest.positions.length < 20; i++) await new Promise((r) => setTimeout(r, 50));
    await simulation.stop();
    expect(errors).toEqual([]);
    expect(simulation.stats().positions % 5).toBe(0);
    expect(ingest.positions.length % 5).toBe(0); // whole packets
    expect(ingest.positions.length).toBeGreaterThanOrEqual(20);
    const times = ingest.positions.map((p) => `${p.uniqueId}@${p.fixTime}`);
    expect(new Set(times).size).toBe(times.length); // 1 ms apart: no duplicates
  });

  it('counts errors when nothing listens, and stops at its duration', async () => {
    const simulation = startSimulation({ devices: 2, protocol: 'gt06', port: 1, rate: 50, durationMs: 300 });
    await simulation.done;
    const stats = simulation.stats();
    expect(stats.errors).toBeGreaterThan(2);
    expect(stats.acked).toBe(0);
    expect(stats.elapsedMs).toBeGreaterThanOrEqual(290);
  });
});
