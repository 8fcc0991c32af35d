import type { Permission } from '@waymark/contracts/permissions';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, signIn } from '../../testing/factories';
import { storeEvent, storePosition } from '../../testing/history';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
/** A tenant with a user holding `permissions` (and preferences), and a geofence alert of its van with a position. */
async function alertOf(permissions: Permission[], attributes: Record<string, string> = {}, coordinateFormat?: string) {
  const tenant = await buildTenant(t.ctx.db);
  const user = await buildUser(t.ctx.db, { tenantId: tenant.id, permissions, attributes, coordinateFormat });
  const { authorization } = await signIn(t.app, user.email);
  const device = await t.ctx.db.device.create({
    data: { name: 'Βαν 7', uniqueId: `alert-pdf-${tenant.id}-${++seq}`, tenantId: tenant.id },
  });
  const geofence = await t.ctx.db.geofence.create({
    data: { name: 'Αποθήκη', area: 'CIRCLE (37.97 23.73, 200)', tenantId: tenant.id },
  });
  const fixTime = new Date('2026-11-21T09:59:50Z');
  const position = await storePosition(t.ctx.db, {
    data: {
      deviceId: device.id,
      tenantId: tenant.id,
      deviceTime: fixTime,
      fixTime,
      valid: true,
      latitude: 37.975,
      longitude: 23.7348,
      speed: 20,
      address: 'Πλατεία Συντάγματος, Αθήνα',
    },
  });
  const event = await storeEvent(t.ctx.db, {
    data: {
      deviceId: device.id,
      tenantId: tenant.id,
      type: 'geofenceEnter',
      eventTime: new Date('2026-11-21T10:00:00Z'),
      positionId: position.id,
      geofenceId: geofence.id,
    },
  });
  return { id: Number(event.id), headers: { authorization } };
}

const pdf = (id: number, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/events/${id}/pdf`, headers });

describe('GET /api/events/:id/pdf', () => {
  it("renders the alert's facts in the reader's language, units, time zone and coordinate format", async () => {
    const alert = await alertOf(
      ['VIEW_ALERT_DETAILS'],
      { language: 'el', speedUnit: 'kmh', timezone: 'Europe/Athens' },
      'ddm',
    );
    const res = await pdf(alert.id, alert.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="alert-${alert.id}.pdf"`);
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Ειδοποίηση: Είσοδος σε γεωφράχτη');
    expect(flat).toContain('Συσκευή Βαν 7');
    expect(flat).toContain('Γεωφράχτης Αποθήκη');
    expect(flat).toContain('Ώρα 21/11/2026, 12:00:00');
    expect(flat).toContain('Ώρα θέσης 21/11/2026, 11:59:50');
    expect(flat).toContain('Συντεταγμένες 37° 58.500′ N, 23° 44.088′ E');
    expect(flat).toContain('Ταχύτητα 37 km/h');
    expect(flat).toContain('Διεύθυνση Πλατεία Συντάγματος, Αθήνα');
  });

  it('answers 404 for an event the caller cannot see and 403 without VIEW_ALERT_DETAILS', async () => {
    const alert = await alertOf(['VIEW_ALERT_DETAILS']);
    const stranger = await alertOf(['VIEW_ALERT_DETAILS']);
    const foreign = await pdf(alert.id, stranger.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Event not found' });
    const overview = await alertOf(['VIEW_ALERTS_OVERVIEW']);
    expect((await pdf(overview.id, overview.headers)).statusCode).toBe(403);
  });
});
