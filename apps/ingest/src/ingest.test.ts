import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestIngest, waitFor } from './testing/ingest-harness';
import { loadVectors } from './testing/traccar-vectors';

let harness: Awaited<ReturnType<typeof startTestIngest>> | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function startOsmand() {
  harness = await startTestIngest({ protocols: ['osmand'], portOverrides: { osmand: 0 } });
  const base = `http://127.0.0.1:${harness.portOf('osmand', 'http')}`;
  return { h: harness, base };
}

describe('startIngest with osmand over HTTP', () => {
  it('listens on an ephemeral port and publishes query-string reports to the bus', async () => {
    const { h, base } = await startOsmand();
    expect(h.ingest.listening).toEqual([{ protocol: 'osmand', transport: 'http', port: expect.any(Number) }]);
    const res = await fetch(`${base}/?id=123456&lat=60.5&lon=30.25&timestamp=1377177267&speed=12&bearing=90&batt=80`);
    expect(res.status).toBe(200);
    await waitFor(() => h.positions.length === 1, 'position');
    expect(h.positions[0]).toMatchObject({
      protocol: 'osmand',
      uniqueId: '123456',
      fixTime: '2013-08-22T13:14:27.000Z',
      latitude: 60.5,
      longitude: 30.25,
      speed: 12,
      course: 90,
      attributes: { batteryLevel: 80 },
      nodeId: 'ingest-test',
    });
    expect(h.statuses).toMatchObject([{ uniqueId: '123456', event: 'online', transport: 'http', protocol: 'osmand' }]);
  });

  it('accepts every Traccar vector Traccar accepted, and answers 400 to the others', async () => {
    const { h, base } = await startOsmand();
    const vectors = loadVectors('osmand');
    for (const vector of vectors) {
      const http = vector.http!;
      const res = await fetch(`${base}${http.uri}`, { method: http.method, headers: http.headers, body: http.body });
      expect(res.status, `vector ${vector.index}`).toBe(vector.traccar.result === 'null' ? 400 : 200);
    }
    const accepted = vectors.filter((v) => v.traccar.result !== 'null').length;
    await waitFor(() => h.positions.length === accepted, 'positions');
  });

  it('answers 400 to malformed requests and 413 to huge bodies', async () => {
    const { h, base } = await startOsmand();
    expect((await fetch(`${base}/?id=1&lat=north&lon=1`)).status).toBe(400);
    expect((await fetch(`${base}/?lat=1&lon=2`)).status).toBe(400);
    const json = { method: 'POST', headers: { 'content-type': 'application/json' } };
    expect((await fetch(base, { ...json, body: '{"device_id": "1", ' })).status).toBe(400);
    expect((await fetch(base, { method: 'POST', body: 'x'.repeat(70_000) })).status).toBe(413);
    expect(h.positions).toEqual([]);
  });

  it("returns a queued command in the response to the device's next request", async () => {
    const { h, base } = await startOsmand();
    expect((await fetch(`${base}/?id=cmd1&lat=1&lon=2`)).status).toBe(200);
    await h.bus.sendCommand({
      id: '7',
      uniqueId: 'cmd1',
      type: 'custom',
      attributes: { data: 'interval=60' },
      createdAt: new Date().toISOString(),
    });
    const next = await fetch(`${base}/?id=cmd1&lat=1&lon=2`);
    expect(next.status).toBe(200);
    expect(await next.text()).toBe('interval=60');
    expect(await (await fetch(`${base}/?id=cmd1&lat=1&lon=2`)).text()).toBe('');
  });

  it('refuses unknown protocols and busy ports, closing what it opened', async () => {
    await expect(startTestIngest({ protocols: ['nope'] })).rejects.toThrow('unknown protocol(s): nope');
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(startTestIngest({ protocols: ['osmand'], portOverrides: { osmand: port } })).rejects.toThrow(
        `cannot listen for osmand (http) on 127.0.0.1:${port}`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('counts HTTP connections against the node-wide connection cap', async () => {
    harness = await startTestIngest({ protocols: ['osmand'], portOverrides: { osmand: 0 }, maxConnections: 1 });
    const port = harness.portOf('osmand', 'http');
    const { connect } = await import('node:net');
    const held = connect(port, '127.0.0.1');
    await new Promise((resolve) => held.once('connect', resolve));
    try {
      const refused = connect(port, '127.0.0.1');
      const closed = await new Promise<boolean>((resolve) => {
        refused.once('close', () => resolve(true));
        refused.once('error', () => resolve(true));
        setTimeout(() => resolve(false), 2000);
      });
      expect(closed).toBe(true);
    } finally {
      held.destroy();
    }
    // the place is free again once the held connection has closed
    let status = 0;
    for (let attempt = 0; attempt < 40 && status !== 200; attempt++) {
      const res = await fetch(`http://127.0.0.1:${port}/?id=1&lat=1&lon=1&timestamp=1377177267`).catch(() => null);
      status = res?.status ?? 0;
      if (status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(200);
  });

  it('closes idempotently', async () => {
    const { h, base } = await startOsmand();
    await Promise.all([h.ingest.close(), h.ingest.close()]);
    await expect(fetch(base)).rejects.toThrow();
  });
});
