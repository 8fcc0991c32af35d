import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentDevice } from '../../modules/devices/devices.presenter';
import { buildTenant } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { sampleDelivery } from '../testing/delivery';
import { commandChannel } from './command';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('command', () => {
  it("queues the rule's saved command for the device through the command path", async () => {
    const tenant = await buildTenant(t.ctx.db);
    const device = await t.ctx.db.device.create({ data: { name: 'Car', uniqueId: 'cmd-ch-1', tenantId: tenant.id } });
    const saved = await t.ctx.db.command.create({
      data: { tenantId: tenant.id, description: 'Alarm on', type: 'alarmArm', attributes: { data: 'x' } },
    });
    const d = { ...sampleDelivery({}, { id: 1, commandId: saved.id, attributes: {} }), device: presentDevice(device) };
    await commandChannel.send(t.ctx, d);
    const rows = await t.ctx.db.queuedCommand.findMany({ where: { deviceId: device.id } });
    expect(rows).toEqual([
      expect.objectContaining({ type: 'alarmArm', attributes: { data: 'x' }, status: 'QUEUED', tenantId: tenant.id }),
    ]);
  });

  it("refuses another tenant's command and a rule without one, for good", async () => {
    const [a, b] = [await buildTenant(t.ctx.db), await buildTenant(t.ctx.db)];
    const device = await t.ctx.db.device.create({ data: { name: 'Car', uniqueId: 'cmd-ch-2', tenantId: a.id } });
    const foreign = await t.ctx.db.command.create({ data: { tenantId: b.id, description: 'B', type: 'engineStop' } });
    const base = { ...sampleDelivery(), device: presentDevice(device) };
    await expect(
      commandChannel.send(t.ctx, { ...base, rule: { id: 1, commandId: foreign.id, attributes: {} } }),
    ).rejects.toMatchObject({ message: 'the saved command no longer exists', retryable: false });
    await expect(
      commandChannel.send(t.ctx, { ...base, rule: { id: 1, commandId: null, attributes: {} } }),
    ).rejects.toMatchObject({ retryable: false });
    expect(await t.ctx.db.queuedCommand.count({ where: { deviceId: device.id } })).toBe(0);
  });
});
