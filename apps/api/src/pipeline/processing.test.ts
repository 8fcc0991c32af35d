import { createBus } from '@waymark/bus/create-bus';
import type { PositionMessage } from '@waymark/contracts/bus';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTenant } from '../testing/factories';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { createPool } from './pg-pool';
import { startProcessing } from './processing';

// what the pipeline hands to dispatchEvents (the notifications engine, tested on its own)
const dispatched = vi.hoisted(() => [] as { type: string; deviceId: number }[]);
vi.mock('../notifications/dispatch', () => ({
  dispatchEvents: async (_ctx: unknown, rows: { type: string; deviceId: number }[]) => void dispatched.push(...rows),
}));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('processing', () => {
  it('turns a device reply into a commandResult event answering the oldest sent command', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const device = await t.ctx.db.device.create({
      data: { name: 'Relay car', uniqueId: 'reply-1', tenantId: tenant.id },
    });
    const command = await t.ctx.db.queuedCommand.create({
      data: { tenantId: tenant.id, deviceId: device.id, type: 'engineStop', status: 'SENT', sentAt: new Date() },
    });
    const bus = createBus({ nodeId: 'processing-test', logger: pino({ level: 'silent' }), confirmHandled: true });
    const pool = createPool(t.databaseUrl, 2);
    const processing = startProcessing(t.ctx, bus, pool);
    const time = new Date().toISOString();
    const reply: PositionMessage = {
      protocol: 'gt06',
      uniqueId: 'reply-1',
      deviceTime: time,
      fixTime: time,
      outdated: true,
      valid: false,
      latitude: 0,
      longitude: 0,
      altitude: 0,
      speed: 0,
      course: 0,
      accuracy: 0,
      network: null,
      attributes: { result: 'Cut off the fuel supply: Success!' },
      serverTime: time,
      nodeId: 'test',
    };
    try {
      await bus.publish('positions', [reply]);
      let event = null;
      for (let i = 0; i < 100 && !event; i++) {
        event = await t.ctx.db.event.findFirst({ where: { deviceId: device.id, type: 'commandResult' } });
        if (!event) await new Promise((r) => setTimeout(r, 50));
      }
      expect(event?.attributes).toEqual({ result: 'Cut off the fuel supply: Success!', commandId: Number(command.id) });
      const answered = await t.ctx.db.queuedCommand.findUniqueOrThrow({ where: { id: command.id } });
      expect(answered).toMatchObject({ status: 'DELIVERED', result: 'Cut off the fuel supply: Success!' });
      for (let i = 0; i < 100 && !dispatched.some((e) => e.type === 'commandResult'); i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(dispatched).toContainEqual(expect.objectContaining({ type: 'commandResult', deviceId: device.id }));
      // the device came online with this message: a deviceOnline event, stored with the position
      expect(dispatched).toContainEqual(expect.objectContaining({ type: 'deviceOnline', deviceId: device.id }));
    } finally {
      await processing.close();
      await bus.close();
      await pool.end();
    }
  });

  it('counts the messages handed to the pipeline and those stored in the day’s statistics', async () => {
    const tenant = await buildTenant(t.ctx.db);
    await t.ctx.db.device.create({ data: { name: 'Counted', uniqueId: 'counted-1', tenantId: tenant.id } });
    const bus = createBus({ nodeId: 'processing-count', logger: pino({ level: 'silent' }), confirmHandled: true });
    const pool = createPool(t.databaseUrl, 2);
    const processing = startProcessing(t.ctx, bus, pool);
    const today = new Date(new Date().toISOString().slice(0, 10));
    const counts = async () => {
      await t.ctx.statistics.flush(t.ctx.db);
      const row = await t.ctx.db.statistic.findUnique({ where: { captureTime: today } });
      return { received: row?.messagesReceived ?? 0, stored: row?.messagesStored ?? 0 };
    };
    const message = (uniqueId: string, second: number): PositionMessage => {
      const time = new Date(Date.now() - 60_000 + second * 1000).toISOString();
      return {
        protocol: 'osmand',
        uniqueId,
        deviceTime: time,
        fixTime: time,
        outdated: false,
        valid: true,
        latitude: 52.5,
        longitude: 13.4,
        altitude: 0,
        speed: 0,
        course: 0,
        accuracy: 5,
        network: null,
        attributes: {},
        serverTime: time,
        nodeId: 'test',
      };
    };
    try {
      const before = await counts();
      // two of a known device, one of an unknown device (received, never stored)
      await bus.publish('positions', [message('counted-1', 1), message('counted-1', 2), message('nobody-1', 3)]);
      let after = before;
      for (let i = 0; i < 100 && after.received - before.received < 3; i++) {
        await new Promise((r) => setTimeout(r, 50));
        after = await counts();
      }
      expect({ received: after.received - before.received, stored: after.stored - before.stored }).toEqual({
        received: 3,
        stored: 2,
      });
    } finally {
      await processing.close();
      await bus.close();
      await pool.end();
    }
  });
});
