import type { PositionMessage } from '@waymark/contracts/bus';
import { afterEach, describe, expect, it } from 'vitest';
import { compareEntryIds, silentLogger } from './bus';
import { createBus } from './create-bus';
import { InProcessBus } from './in-process-bus';
import { buildCommandMessage, buildPositionMessage, seqsByDevice, waitFor } from './testing/messages';

const buses: InProcessBus[] = [];
function makeBus(options: Partial<ConstructorParameters<typeof InProcessBus>[0]> = {}): InProcessBus {
  const bus = new InProcessBus({ nodeId: 'node-a', logger: silentLogger, retryDelayMs: 10, ...options });
  buses.push(bus);
  return bus;
}

afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});

describe('InProcessBus', () => {
  it('is what createBus returns without a Redis URL', async () => {
    const bus = createBus({ nodeId: 'n', logger: silentLogger });
    expect(bus).toBeInstanceOf(InProcessBus);
    await bus.close();
  });

  it('delivers every message in order per device, in batches', async () => {
    const bus = makeBus();
    const received: PositionMessage[] = [];
    const batchSizes: number[] = [];
    bus.consume(
      'positions',
      async (batch) => {
        batchSizes.push(batch.length);
        received.push(...batch);
      },
      { batchSize: 7 },
    );
    for (let seq = 0; seq < 50; seq++) {
      await bus.publish('positions', [buildPositionMessage('dev-1', seq), buildPositionMessage('dev-2', seq)]);
    }
    await waitFor(() => received.length === 100);
    const seqs = seqsByDevice(received);
    expect(seqs.get('dev-1')).toEqual([...Array(50).keys()]);
    expect(seqs.get('dev-2')).toEqual([...Array(50).keys()]);
    expect(Math.max(...batchSizes)).toBeLessThanOrEqual(7);
  });

  it('keeps messages published before the first consumer', async () => {
    const bus = makeBus();
    await bus.publish('device-status', [
      {
        uniqueId: 'd',
        event: 'connected',
        protocol: 'gt06',
        transport: 'tcp',
        remoteAddress: '1.2.3.4:5',
        time: new Date().toISOString(),
        nodeId: 'n',
      },
    ]);
    const events: string[] = [];
    bus.consume('device-status', async (batch) => {
      events.push(...batch.map((m) => m.event));
    });
    await waitFor(() => events.length === 1);
  });

  it('acknowledges only when the handler resolves: a failed batch comes again, in order', async () => {
    const bus = makeBus();
    const attempts: number[][] = [];
    let failures = 2;
    bus.consume(
      'positions',
      async (batch) => {
        attempts.push(batch.map((m) => Number(m.attributes.seq)));
        if (failures-- > 0) throw new Error('database down');
      },
      { batchSize: 3 },
    );
    await bus.publish(
      'positions',
      [0, 1, 2, 3].map((s) => buildPositionMessage('dev', s)),
    );
    await waitFor(() => attempts.length >= 4);
    expect(attempts.slice(0, 4)).toEqual([[0, 1, 2], [0, 1, 2], [0, 1, 2], [3]]);
  });

  it('applies back-pressure: publish waits while the queue is above the high-water mark', async () => {
    const bus = makeBus({ highWaterMark: 10 });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    bus.consume('positions', () => gate, { batchSize: 1 });
    let published = false;
    const publishing = bus
      .publish(
        'positions',
        [...Array(20).keys()].map((s) => buildPositionMessage('dev', s)),
      )
      .then(() => {
        published = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(published).toBe(false);
    release();
    await publishing;
    expect(published).toBe(true);
  });

  it('broadcasts commands to every subscriber until unsubscribed', async () => {
    const bus = makeBus();
    const a: string[] = [];
    const b: string[] = [];
    const offA = await bus.onCommand((c) => {
      a.push(c.uniqueId);
    });
    await bus.onCommand((c) => {
      b.push(c.uniqueId);
    });
    await bus.sendCommand(buildCommandMessage('dev-1'));
    offA();
    await bus.sendCommand(buildCommandMessage('dev-2'));
    expect(a).toEqual(['dev-1']);
    expect(b).toEqual(['dev-1', 'dev-2']);
  });

  it('closes cleanly: waits for the running batch, then refuses work', async () => {
    const bus = makeBus();
    let started = false;
    let finished = false;
    bus.consume('positions', async () => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished = true;
    });
    await bus.publish('positions', [buildPositionMessage('dev', 0)]);
    await waitFor(() => started);
    await bus.close();
    expect(finished).toBe(true);
    await expect(bus.publish('positions', [buildPositionMessage('dev', 1)])).rejects.toThrow('closed');
    await bus.close();
  });

  it('does not hang close() on a handler that never resolves', async () => {
    const bus = makeBus({ closeTimeoutMs: 50 });
    let started = false;
    bus.consume('positions', () => {
      started = true;
      return new Promise<void>(() => {});
    });
    await bus.publish('positions', [buildPositionMessage('dev', 0)]);
    await waitFor(() => started);
    await bus.close();
  });
});

describe('entry ids', () => {
  it('hands each message its id, increasing in publish order', async () => {
    const bus = new InProcessBus({ nodeId: 'ids', logger: silentLogger });
    const seen: string[] = [];
    const done = new Promise<void>((resolve) => {
      bus.consume('positions', async (batch, meta) => {
        expect(meta.ids).toHaveLength(batch.length);
        seen.push(...meta.ids);
        if (seen.length >= 30) resolve();
      });
    });
    for (let i = 0; i < 30; i++) await bus.publish('positions', [buildPositionMessage('dev-1', i)]);
    await done;
    for (let i = 1; i < seen.length; i++) expect(compareEntryIds(seen[i - 1] as string, seen[i] as string)).toBe(-1);
    await bus.close();
  });

  it('orders ids by time, then sequence, then place in a packed entry', () => {
    expect(compareEntryIds('1700000000000-5', '1700000000001-0')).toBe(-1);
    expect(compareEntryIds('1700000000001-10', '1700000000001-9')).toBe(1);
    expect(compareEntryIds('5-5', '5-5')).toBe(0);
    expect(compareEntryIds('1700000000001-9:10', '1700000000001-9:2')).toBe(1);
    expect(compareEntryIds('1700000000001-9:0', '1700000000001-10')).toBe(-1);
    expect(compareEntryIds('1700000000001-9:3', '1700000000001-9:3')).toBe(0);
    expect(compareEntryIds('99999999999999999999-1', '100000000000000000000-0')).toBe(-1); // beyond doubles
  });
});

describe('confirmHandled', () => {
  it('resolves publish only after the consumer handled the messages', async () => {
    const bus = new InProcessBus({ nodeId: 'confirm', logger: silentLogger, confirmHandled: true });
    const events: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    bus.consume('positions', async (batch) => {
      await gate;
      events.push(`handled ${batch.length}`);
    });
    const published = bus.publish('positions', [buildPositionMessage('dev-c', 1)]).then(() => events.push('published'));
    await new Promise((r) => setTimeout(r, 30));
    expect(events).toEqual([]);
    release();
    await published;
    expect(events).toEqual(['handled 1', 'published']);
    await bus.close();
  });

  it('lets a waiting publisher go when the bus closes', async () => {
    const bus = new InProcessBus({
      nodeId: 'confirm-close',
      logger: silentLogger,
      confirmHandled: true,
      closeTimeoutMs: 50,
    });
    bus.consume('positions', () => new Promise(() => {}));
    const published = bus.publish('positions', [buildPositionMessage('dev-d', 1)]);
    await new Promise((r) => setTimeout(r, 20));
    await bus.close();
    await expect(published).resolves.toBeUndefined();
  });
});
