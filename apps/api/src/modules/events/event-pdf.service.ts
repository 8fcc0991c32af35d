import type { AppContext } from '../../context';
import type { AuthContext } from '../../plugins/app/auth-context';
import { CellFormat } from '../reports/export/cell-format';
import { readerPreferences } from '../reports/export/export-preferences';
import type { ReportDocument } from '../reports/export/report-document';
import { eventTypeText, fill, reportTexts } from '../reports/export/texts/report-texts';
import type { AlertFactKey } from '../reports/export/texts/texts-shape';
import { SPEED_LABEL } from '../reports/export/units';
import { getEvent } from './events.service';

/** One line of an alert's PDF: what it is and its value, written for the reader. */
interface AlertFact {
  field: string;
  value: string;
}

/**
 * An alert (a visible event; another tenant's is a 404) as a document of facts: type, time, device, geofence,
 * alarm, and its position's coordinates, speed, address and time, in the reader's language, units and zone.
 */
export async function alertDocument(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<ReportDocument<AlertFact>> {
  const event = await getEvent(auth, id);
  const [preferences, device, geofence, position] = await Promise.all([
    readerPreferences(ctx.db, auth.user),
    auth.db.device.findUnique({ where: { id: event.deviceId }, select: { name: true } }),
    event.geofenceId === null
      ? null
      : auth.db.geofence.findUnique({ where: { id: event.geofenceId }, select: { name: true } }),
    event.positionId === null
      ? null
      : auth.db.position.findFirst({ where: { id: event.positionId, deviceId: event.deviceId } }),
  ]);
  const t = reportTexts(preferences.language);
  const cells = new CellFormat(preferences, t);
  const type = eventTypeText(t, event.type);
  const facts: [AlertFactKey, string][] = [
    ['type', type],
    ['time', cells.displayTime(event.eventTime)],
    ['device', device?.name ?? `#${event.deviceId}`],
  ];
  if (event.geofenceId !== null) facts.push(['geofence', geofence?.name ?? `#${event.geofenceId}`]);
  const alarm = (event.attributes as Record<string, unknown> | null)?.alarm;
  if (typeof alarm === 'string' && alarm) facts.push(['alarm', alarm]);
  if (position) {
    facts.push(['coordinates', cells.text('coordinates', [position.latitude, position.longitude], 'display')]);
    facts.push(['speed', `${cells.text('speed', position.speed, 'display')} ${SPEED_LABEL[preferences.speedUnit]}`]);
    if (position.address) facts.push(['address', position.address]);
    facts.push(['fixTime', cells.displayTime(position.fixTime)]);
  }
  return {
    title: fill(t.alert.title, { type }),
    generatedAt: new Date(),
    preferences,
    orientation: 'portrait',
    columns: [
      { key: 'field', header: t.alert.field, kind: 'text', value: (f) => f.field, width: 1 },
      { key: 'value', header: t.alert.value, kind: 'text', value: (f) => f.value, width: 3 },
    ],
    rows: facts.map(([key, value]) => ({ field: t.alert.facts[key], value })),
  };
}
