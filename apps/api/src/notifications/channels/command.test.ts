import type { Permission } from '@waymark/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentDevice } from '../../modules/devices/devices.presenter';
import { buildTenant, buildUser } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { sampleDelivery } from '../testing/delivery';
import { commandChannel } from './command';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
/** A device, a saved command and a command rule of one tenant, saved by a user with these flags. */
async function scene(permissions: Permission[] = ['SEND_COMMAND'], author: object = {}) {
  const tenant = await buildTenant(t.ctx.db);
  const device = await t.ctx.db.device.create({
    data: { name: 'Car', uniqueId: `cmd-ch-${tenant.id}-${++seq}`, tenantId: tenant.id },
  });
  const saved = await t.ctx.db.command.create({
    data: { tenantId: tenant.id, description: 'Alarm on', type: 'alarmArm', attributes: { data: 'x' } },
  });
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions, ...author });
  const rule = await t.ctx.db.notification.create({
    data: {
      tenantId: tenant.id,
      type: 'alarm',
      always: true,
      channels: ['command'],
      commandId: saved.id,
      authorId: user.id,
    },
  });
  const delivery = {
    ...sampleDelivery({}, { id: rule.id, commandId: saved.id, authorId: user.id, attributes: {} }),
    device: presentDevice(device),
  };
  return { tenant, device, saved, rule, user, delivery };
}
const queued = (deviceId: number) => t.ctx.db.queuedCommand.findMany({ where: { deviceId } });

describe('command', () => {
  it("queues the rule's saved command for the device through the command path", async () => {
    const s = await scene();
    await commandChannel.send(t.ctx, s.delivery);
    expect(await queued(s.device.id)).toEqual([
      expect.objectContaining({ type: 'alarmArm', attributes: { data: 'x' }, status: 'QUEUED', tenantId: s.tenant.id }),
    ]);
  });

  it("refuses another tenant's command and a rule without one, for good", async () => {
    const s = await scene();
    const b = await buildTenant(t.ctx.db);
    const foreign = await t.ctx.db.command.create({ data: { tenantId: b.id, description: 'B', type: 'engineStop' } });
    await expect(
      commandChannel.send(t.ctx, {
        ...s.delivery,
        rule: { id: s.rule.id, commandId: foreign.id, authorId: s.user.id, attributes: {} },
      }),
    ).rejects.toMatchObject({ message: 'the saved command no longer exists', retryable: false });
    await expect(
      commandChannel.send(t.ctx, {
        ...s.delivery,
        rule: { id: s.rule.id, commandId: null, authorId: s.user.id, attributes: {} },
      }),
    ).rejects.toMatchObject({ retryable: false });
    expect(await queued(s.device.id)).toHaveLength(0);
  });

  it("sends nothing unless the rule's author may still send commands to the device", async () => {
    const cases = [
      await scene(['VIEW_NOTIFICATIONS']),
      await scene(['SEND_COMMAND'], { readonly: true }),
      await scene(['SEND_COMMAND'], { limitCommands: true }),
      await scene(['SEND_COMMAND'], { disabled: true }),
    ];
    // the author moved to another tenant
    const moved = await scene();
    await t.ctx.db.user.update({ where: { id: moved.user.id }, data: { tenantId: (await buildTenant(t.ctx.db)).id } });
    // the author's account was deleted
    const gone = await scene();
    await t.ctx.db.user.delete({ where: { id: gone.user.id } });
    // no author on record
    const orphan = await scene();
    orphan.delivery.rule = { id: orphan.rule.id, commandId: orphan.saved.id, authorId: null, attributes: {} };
    for (const s of [...cases, moved, gone, orphan]) {
      await expect(commandChannel.send(t.ctx, s.delivery)).rejects.toMatchObject({ retryable: false });
      expect(await queued(s.device.id)).toHaveLength(0);
    }
  });

  it('takes the author from the rule, whatever the audit log says', async () => {
    // the audit log names a viewer, the rule an author who may send: sent
    const allowed = await scene();
    const viewer = await buildUser(t.ctx.db, { tenantId: allowed.tenant.id, permissions: ['VIEW_NOTIFICATIONS'] });
    await t.ctx.db.auditLog.create({
      data: {
        action: 'notification.updated',
        userId: viewer.id,
        objectType: 'notification',
        objectId: `${allowed.rule.id}`,
      },
    });
    await commandChannel.send(t.ctx, allowed.delivery);
    expect(await queued(allowed.device.id)).toHaveLength(1);
    // the audit log names one who may send, the rule a viewer: refused
    const refused = await scene(['VIEW_NOTIFICATIONS']);
    const sender = await buildUser(t.ctx.db, { tenantId: refused.tenant.id, permissions: ['SEND_COMMAND'] });
    await t.ctx.db.auditLog.create({
      data: {
        action: 'notification.updated',
        userId: sender.id,
        objectType: 'notification',
        objectId: `${refused.rule.id}`,
      },
    });
    await expect(commandChannel.send(t.ctx, refused.delivery)).rejects.toMatchObject({
      message: "the rule's author may no longer send commands",
    });
    expect(await queued(refused.device.id)).toHaveLength(0);
  });
});
