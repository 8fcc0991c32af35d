import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../testing/factories';
import { storeEvent as storeEventRow } from '../testing/history';
import type { TestSmtpServer } from '../testing/smtp';
import { sentTo, startSmtpServer } from '../testing/smtp';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { dispatchEvents } from './dispatch';
import { openSocket, waitUntil } from './testing/socket';
import type { NotificationWorker } from './worker';
import { startNotifications } from './worker';

let t: TestApp;
let smtp: TestSmtpServer;
let worker: NotificationWorker;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(smtp.env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  worker = startNotifications(t.ctx, { pollMs: 100 });
});
afterAll(async () => {
  await worker.close();
  await t.close();
  await smtp.close();
});

const storeEvent = (data: {
  tenantId: number | null;
  deviceId: number;
  type: string;
  attributes?: object;
  eventTime?: Date;
}) => storeEventRow(t.ctx.db, { data: { eventTime: new Date('2026-11-21T10:00:00Z'), ...data } });

describe('dispatchEvents → rules → channels', () => {
  it('notifies platform staff of their platform rules for devices in platform stock (no tenant)', async () => {
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const tenantUser = await buildUser(t.ctx.db, {
      tenantId: (await buildTenant(t.ctx.db)).id,
      permissions: ['VIEW_NOTIFICATIONS'],
    });
    const device = await t.ctx.db.device.create({ data: { name: 'Stock unit', uniqueId: 'disp-stock-1' } });
    await t.ctx.db.notification.create({
      data: { tenantId: null, type: 'ignitionOn', always: true, channels: ['mail'] },
    });
    const event = await storeEvent({ tenantId: null, deviceId: device.id, type: 'ignitionOn' });
    await dispatchEvents(t.ctx, [event]);
    const rows = await t.ctx.db.notificationDelivery.findMany({ where: { eventId: event.id } });
    expect(rows.map((r) => r.userId)).toContain(admin.id);
    expect(rows.map((r) => r.userId)).not.toContain(tenantUser.id);
  });

  it('gives a user one mail and one websocket frame for an event two rules match, nothing to another tenant', async () => {
    const tenant = await buildTenant(t.ctx.db);
    const other = await buildTenant(t.ctx.db);
    const parent = await t.ctx.db.group.create({ data: { name: 'Fleet', tenantId: tenant.id } });
    const group = await t.ctx.db.group.create({
      data: { name: 'Vans', tenantId: tenant.id, parentGroupId: parent.id },
    });
    const device = await t.ctx.db.device.create({
      data: { name: 'Van 1', uniqueId: 'disp-van-1', tenantId: tenant.id, groupId: group.id },
    });
    const depot = await t.ctx.db.geofence.create({
      data: { name: 'Depot', area: 'CIRCLE (1 2, 50)', tenantId: tenant.id },
    });
    // the live socket needs a flag that reads positions
    const watcher = ['VIEW_NOTIFICATIONS', 'VIEW_DEVICES'] as const;
    const ann = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [...watcher] });
    const bob = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_DEVICES'] });
    const eve = await buildUser(t.ctx.db, { tenantId: other.id, permissions: [...watcher] });
    // rule 1: every device of the tenant; rule 2: the parent group of the device's group
    await t.ctx.db.notification.create({
      data: { tenantId: tenant.id, type: 'geofenceEnter', always: true, channels: ['web', 'mail'] },
    });
    await t.ctx.db.notification.create({
      data: {
        tenantId: tenant.id,
        type: 'geofenceEnter',
        channels: ['mail', 'web'],
        groups: { create: { groupId: parent.id } },
      },
    });
    await t.ctx.db.notification.create({
      data: { tenantId: other.id, type: 'geofenceEnter', always: true, channels: ['web', 'mail'] },
    });
    const sockets = await Promise.all(
      [ann, bob, eve].map(async (u) => openSocket(t.app, (await signIn(t.app, u.email)).body.accessToken)),
    );
    const [annSocket, bobSocket, eveSocket] = sockets;
    try {
      const event = await storeEvent({
        tenantId: tenant.id,
        deviceId: device.id,
        type: 'geofenceEnter',
        attributes: {},
      });
      await t.ctx.db.event.update({
        where: { id_eventTime: { id: event.id, eventTime: event.eventTime } },
        data: { geofenceId: depot.id },
      });
      await dispatchEvents(t.ctx, [{ ...event, geofenceId: depot.id }]);

      const mail = await smtp.waitFor(sentTo(ann.email));
      expect(mail.subject).toBe('Van 1 entered Depot');
      expect(mail.text).toContain('Van 1 entered Depot at 2026-11-21 10:00:00 UTC');
      await waitUntil(() => (annSocket?.frames.length ?? 0) >= 2, "ann's event frame");
      await new Promise((r) => setTimeout(r, 300)); // room for a duplicate to show up
      expect(smtp.messages.filter(sentTo(ann.email))).toHaveLength(1);
      expect(smtp.messages.filter((m) => sentTo(bob.email)(m) || sentTo(eve.email)(m))).toEqual([]);
      // the event carries the notification's text, as Traccar's web notificator sends it
      expect(annSocket?.frames.slice(1)).toEqual([
        {
          events: [
            expect.objectContaining({
              id: Number(event.id),
              type: 'geofenceEnter',
              deviceId: device.id,
              attributes: { message: expect.stringContaining('Van 1 entered Depot') },
            }),
          ],
        },
      ]);
      expect(bobSocket?.frames.slice(1)).toEqual([]);
      expect(eveSocket?.frames.slice(1)).toEqual([]);
      const rows = await t.ctx.db.notificationDelivery.findMany({ where: { eventId: event.id } });
      expect(rows).toEqual([expect.objectContaining({ userId: ann.id, channel: 'mail', status: 'SENT', attempts: 1 })]);
    } finally {
      for (const s of sockets) s.close();
    }
  });
});

describe('rule matching', () => {
  async function scene() {
    const tenant = await buildTenant(t.ctx.db);
    const group = await t.ctx.db.group.create({ data: { name: 'G', tenantId: tenant.id } });
    const inGroup = await t.ctx.db.device.create({
      data: { name: 'In group', uniqueId: `m-${tenant.id}-a`, tenantId: tenant.id, groupId: group.id },
    });
    const alone = await t.ctx.db.device.create({
      data: { name: 'Alone', uniqueId: `m-${tenant.id}-b`, tenantId: tenant.id },
    });
    const viewer = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: ['VIEW_ALERTS_OVERVIEW'] });
    const linked = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions: [] });
    const disabled = await buildUser(t.ctx.db, {
      tenantId: tenant.id,
      permissions: ['VIEW_NOTIFICATIONS'],
      disabled: true,
    });
    return { tenant, group, inGroup, alone, viewer, linked, disabled };
  }
  const outbox = async (eventId: bigint) =>
    (await t.ctx.db.notificationDelivery.findMany({ where: { eventId }, orderBy: { userId: 'asc' } })).map(
      (r) => `${r.userId}:${r.channel}`,
    );

  it('applies a rule to its devices and groups only, to linked users when it has some, to active users only', async () => {
    const s = await scene();
    await t.ctx.db.notification.create({
      data: {
        tenantId: s.tenant.id,
        type: 'ignitionOn',
        channels: ['mail'],
        groups: { create: { groupId: s.group.id } },
      },
    });
    const forLinked = await t.ctx.db.notification.create({
      data: {
        tenantId: s.tenant.id,
        type: 'ignitionOn',
        channels: ['telegram', 'webhook'],
        devices: { create: { deviceId: s.alone.id } },
      },
    });
    await t.ctx.db.userLink.create({ data: { userId: s.linked.id, kind: 'notification', objectId: forLinked.id } });
    const a = await storeEvent({ tenantId: s.tenant.id, deviceId: s.inGroup.id, type: 'ignitionOn' });
    const b = await storeEvent({ tenantId: s.tenant.id, deviceId: s.alone.id, type: 'ignitionOn' });
    const c = await storeEvent({ tenantId: s.tenant.id, deviceId: s.inGroup.id, type: 'ignitionOff' });
    await dispatchEvents(t.ctx, [a, b, c]);
    expect(await outbox(a.id)).toEqual([`${s.viewer.id}:mail`]);
    // telegram is not configured on this server: only the webhook row
    expect(await outbox(b.id)).toEqual([`${s.linked.id}:webhook`]);
    expect(await outbox(c.id)).toEqual([]);
  });

  it('sees a rule written through the API at the next dispatch, not after the rules cache expires', async () => {
    const s = await scene();
    const manager = await buildUser(t.ctx.db, { tenantId: s.tenant.id, permissions: ['VIEW_NOTIFICATIONS'] });
    const { authorization } = await signIn(t.app, manager.email);
    const before = await storeEvent({ tenantId: s.tenant.id, deviceId: s.alone.id, type: 'ignitionOn' });
    // no rule yet: the tenant's empty rule list is now cached
    await dispatchEvents(t.ctx, [before]);
    expect(await outbox(before.id)).toEqual([]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: { authorization },
      payload: { type: 'ignitionOn', always: true, notificators: 'mail', attributes: {} },
    });
    expect(created.statusCode, created.body).toBe(200);
    const after = await storeEvent({ tenantId: s.tenant.id, deviceId: s.alone.id, type: 'ignitionOn' });
    await dispatchEvents(t.ctx, [after]);
    expect(await outbox(after.id)).toContain(`${s.viewer.id}:mail`);
  });

  it('notifies nobody of a sub-tenant while a tenant above it is deactivated, and again once reactivated', async () => {
    const s = await scene();
    const parent = await buildTenant(t.ctx.db);
    await t.ctx.db.tenant.update({ where: { id: s.tenant.id }, data: { parentTenantId: parent.id } });
    await t.ctx.db.notification.create({
      data: { tenantId: s.tenant.id, type: 'ignitionOn', always: true, channels: ['mail'] },
    });
    const admin = await buildUser(t.ctx.db, { administrator: true });
    const { authorization } = await signIn(t.app, admin.email);
    const dispatched = async (action: 'activate' | 'deactivate') => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v2/tenant/${parent.id}/${action}`,
        headers: { authorization },
      });
      expect(res.statusCode, res.body).toBe(200);
      const event = await storeEvent({ tenantId: s.tenant.id, deviceId: s.alone.id, type: 'ignitionOn' });
      await dispatchEvents(t.ctx, [event]);
      return outbox(event.id);
    };
    expect(await dispatched('deactivate')).toEqual([]);
    expect(await dispatched('activate')).toEqual([`${s.viewer.id}:mail`]);
  });

  it('filters alarm events by attributes.alarms and any event by the rule calendar', async () => {
    const s = await scene();
    await t.ctx.db.notification.create({
      data: {
        tenantId: s.tenant.id,
        type: 'alarm',
        always: true,
        channels: ['mail'],
        attributes: { alarms: 'sos,tow' },
      },
    });
    const calendar = await t.ctx.db.calendar.create({
      data: {
        tenantId: s.tenant.id,
        name: 'Office hours',
        data: [
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'PRODID:-//test//EN',
          'BEGIN:VEVENT',
          'UID:office@test',
          'DTSTART:20261121T080000Z',
          'DTEND:20261121T120000Z',
          'END:VEVENT',
          'END:VCALENDAR',
        ].join('\r\n'),
      },
    });
    await t.ctx.db.notification.create({
      data: { tenantId: s.tenant.id, type: 'deviceStopped', always: true, channels: ['mail'], calendarId: calendar.id },
    });
    const sos = await storeEvent({
      tenantId: s.tenant.id,
      deviceId: s.alone.id,
      type: 'alarm',
      attributes: { alarm: 'sos' },
    });
    const door = await storeEvent({
      tenantId: s.tenant.id,
      deviceId: s.alone.id,
      type: 'alarm',
      attributes: { alarm: 'door' },
    });
    const inHours = await storeEvent({ tenantId: s.tenant.id, deviceId: s.alone.id, type: 'deviceStopped' });
    const late = await storeEvent({
      tenantId: s.tenant.id,
      deviceId: s.alone.id,
      type: 'deviceStopped',
      eventTime: new Date('2026-11-21T15:00:00Z'),
    });
    await dispatchEvents(t.ctx, [sos, door, inHours, late]);
    expect(await outbox(sos.id)).toEqual([`${s.viewer.id}:mail`]);
    expect(await outbox(door.id)).toEqual([]);
    expect(await outbox(inHours.id)).toEqual([`${s.viewer.id}:mail`]);
    expect(await outbox(late.id)).toEqual([]);
  });

  it("sends the rule's saved command to the device once per event (queued while it is offline)", async () => {
    const s = await scene();
    const saved = await t.ctx.db.command.create({
      data: { tenantId: s.tenant.id, description: 'Stop engine', type: 'engineStop' },
    });
    const author = await buildUser(t.ctx.db, { tenantId: s.tenant.id, permissions: ['SEND_COMMAND'] });
    for (let i = 0; i < 2; i++) {
      await t.ctx.db.notification.create({
        data: {
          tenantId: s.tenant.id,
          type: 'deviceOverspeed',
          always: true,
          channels: ['command'],
          commandId: saved.id,
          authorId: author.id,
        },
      });
    }
    const event = await storeEvent({ tenantId: s.tenant.id, deviceId: s.alone.id, type: 'deviceOverspeed' });
    await dispatchEvents(t.ctx, [event]);
    await dispatchEvents(t.ctx, [event]); // dispatched twice (a sweep after a late dispatch): still one command
    // one outbox row for the event and saved command, naming the command (no recipient)
    const rows = await t.ctx.db.notificationDelivery.findMany({ where: { eventId: event.id, channel: 'command' } });
    expect(rows).toEqual([expect.objectContaining({ userId: null, savedCommandId: saved.id })]);
    // the command goes through the outbox, like the other channels
    await worker.outbox.idle();
    const queued = await t.ctx.db.queuedCommand.findMany({ where: { deviceId: s.alone.id } });
    expect(queued).toEqual([expect.objectContaining({ type: 'engineStop', status: 'QUEUED' })]);
  });

  it('never throws into the pipeline', async () => {
    const broken = { ...t.ctx, db: new Proxy(t.ctx.db, { get: () => () => Promise.reject(new Error('down')) }) };
    const s = await scene();
    const event = await storeEvent({ tenantId: s.tenant.id, deviceId: s.alone.id, type: 'alarm' });
    await expect(dispatchEvents(broken, [event])).resolves.toBeUndefined();
  });
});
