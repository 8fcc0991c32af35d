import type { Position } from '@waymark/contracts/device';
import type { Event } from '@waymark/contracts/event';
import type { CoordinateFormat } from '../../lib/format/coordinates';
import { formatLatLon } from '../../lib/format/coordinates';
import { formatSpeed, type SpeedUnit } from '../../lib/format/units';

export interface AlertFact {
  key: 'type' | 'time' | 'device' | 'geofence' | 'alarm' | 'coordinates' | 'speed' | 'address' | 'fixTime';
  value: string;
}

export interface AlertFactsInput {
  event: Event;
  typeLabel: string;
  deviceName: string | undefined;
  geofenceName: string | undefined;
  position: Position | null | undefined;
  speedUnit: SpeedUnit;
  coordinateFormat: CoordinateFormat;
  formatTime: (iso: string) => string;
}

/** What an alert says, as label keys and display values: shown on the page and written to the PDF. */
export function alertFacts(input: AlertFactsInput): AlertFact[] {
  const { event, position } = input;
  const facts: AlertFact[] = [
    { key: 'type', value: input.typeLabel },
    { key: 'time', value: input.formatTime(event.eventTime) },
    { key: 'device', value: input.deviceName ?? `#${event.deviceId}` },
  ];
  if (event.geofenceId) facts.push({ key: 'geofence', value: input.geofenceName ?? `#${event.geofenceId}` });
  const alarm = event.attributes.alarm;
  if (typeof alarm === 'string' && alarm) facts.push({ key: 'alarm', value: alarm });
  if (position) {
    facts.push({
      key: 'coordinates',
      value: formatLatLon(position.latitude, position.longitude, input.coordinateFormat),
    });
    facts.push({ key: 'speed', value: formatSpeed(position.speed, input.speedUnit) });
    if (position.address) facts.push({ key: 'address', value: position.address });
    facts.push({ key: 'fixTime', value: input.formatTime(position.fixTime) });
  }
  return facts;
}
