import { addCellTower, cellTower } from '../../codec/network';
import { addAlarm, markOutdated, newPosition, type PositionDraft, setAttribute } from '../../codec/position-builder';
import { knotsFromKph } from '../../codec/units';
import { ackOf, gt06Frame } from './gt06-common';
import type { Gt06Message, Gt06Outcome } from './gt06-types';
import { MSG } from './gt06-types';

/** Reports made of typed items: modular GPS reports (0x70), device status (0xF1) and peripherals (0xF2). */

const MODULE_ALARMS: Record<number, string> = {
  16: 'door',
  18: 'removing',
  20: 'geofenceEnter',
  21: 'geofenceExit',
  22: 'temperature',
  26: 'lowBattery',
  27: 'overspeed',
  28: 'powerOn',
  29: 'powerOff',
  32: 'vibration',
  33: 'powerCut',
  35: 'tampering',
};

/** 0x70: a list of modules (id, length, value). */
export function decodeModular(message: Gt06Message): Gt06Outcome {
  const { reader } = message;
  const position = newPosition();
  while (reader.remaining > 6) {
    const id = reader.u16();
    const length = reader.u16();
    switch (id) {
      case 0x03:
        setAttribute(position, 'iccid', reader.hex(10));
        break;
      case 0x09:
        setAttribute(position, 'sat', reader.u8());
        break;
      case 0x0a:
        setAttribute(position, 'satVisible', reader.u8());
        break;
      case 0x11: {
        const tower = cellTower(reader.u16(), reader.u16(), reader.u16(), reader.u24());
        tower.signalStrength = reader.u8();
        if (tower.cellId > 0) {
          position.network = null;
          addCellTower(position, tower);
        }
        break;
      }
      case 0x18:
        setAttribute(position, 'battery', reader.u16() / 100);
        break;
      case 0x28:
        setAttribute(position, 'hdop', reader.u8() / 10);
        break;
      case 0x29:
        setAttribute(position, 'index', reader.u32());
        break;
      case 0x2a: {
        const input = reader.u8();
        setAttribute(position, 'door', (input & 0x0f) > 0);
        setAttribute(position, 'tamper', input >> 4 > 0);
        break;
      }
      case 0x2b:
        setAttribute(position, 'bootReason', reader.u8());
        break;
      case 0x2e:
        setAttribute(position, 'odometer', reader.u32le());
        break;
      case 0x33:
        decodeModularFix(position, message);
        break;
      case 0x34: {
        const event = reader.u8();
        addAlarm(position, MODULE_ALARMS[event]);
        setAttribute(position, 'event', event);
        reader.skip(4); // time
        reader.skip(reader.u8()); // content
        break;
      }
      case 0x7f:
        setAttribute(position, 'tag1Id', reader.hex(6));
        setAttribute(position, 'tag1Battery', reader.u16() / 1000);
        setAttribute(position, 'tag1BatteryLevel', reader.u8());
        setAttribute(position, 'tag1Temp', reader.i16() / 10);
        setAttribute(position, 'tag1Humidity', reader.i16());
        setAttribute(position, 'tag1Status', reader.u8());
        break;
      default:
        reader.skip(length);
    }
  }
  if (position.fixTime === null) markOutdated(position);
  return { position, ack: gt06Frame(false, MSG.GPS_MODULAR, reader.u16()) };
}

function decodeModularFix(position: PositionDraft, message: Gt06Message): void {
  const { reader } = message;
  const time = new Date(reader.u32() * 1000).toISOString();
  position.deviceTime = time;
  position.fixTime = time;
  setAttribute(position, 'sat', reader.u8());
  position.altitude = reader.i16();
  let latitude = reader.u32() / 60 / 30000;
  let longitude = reader.u32() / 60 / 30000;
  position.speed = knotsFromKph(reader.u8());
  const flags = reader.u16();
  position.course = flags & 0x3ff;
  position.valid = (flags & 0x1000) !== 0;
  if ((flags & 0x400) === 0) latitude = -latitude;
  if ((flags & 0x800) !== 0) longitude = -longitude;
  position.latitude = latitude;
  position.longitude = longitude;
}

/** 0xF1 (device status) / 0xF2 (peripherals): a time, then status items. */
export function decodeStatusItems(message: Gt06Message): Gt06Outcome {
  const { reader, type } = message;
  const position = newPosition();
  markOutdated(position, new Date(reader.u32() * 1000));
  while (reader.remaining > 6) {
    const id = reader.u16();
    if (type === MSG.PERIPHERAL) decodePeripheralItem(position, message, id);
    else {
      const length = reader.u8();
      switch (id) {
        case 0x0001: {
          const motion = reader.u8();
          setAttribute(position, 'motion', motion === 0x02 || motion === 0x04);
          break;
        }
        case 0x0002:
          setAttribute(position, 'armed', reader.u8() > 0);
          break;
        case 0x0004:
          setAttribute(position, 'ignition', reader.u8() > 0);
          break;
        case 0x0005:
          setAttribute(position, 'power', reader.u16() / 100);
          break;
        case 0x0007:
          setAttribute(position, 'charge', reader.u8() > 0);
          break;
        case 0x000a:
          setAttribute(position, 'chargeVoltage', reader.u16());
          break;
        case 0x000b:
          setAttribute(position, 'batteryTemp', reader.u16() / 10);
          break;
        default:
          reader.skip(length);
      }
    }
  }
  return { position, ack: ackOf(message) };
}

function decodePeripheralItem(position: PositionDraft, message: Gt06Message, id: number): void {
  const { reader } = message;
  if (id === 0x000a) {
    const length = reader.u16();
    reader.skip(1); // MAC address type
    setAttribute(position, 'mac', reader.hex(6));
    const event = reader.u8();
    setAttribute(position, 'event', event);
    const eventData = reader.u8();
    if (event > 0) setAttribute(position, 'eventData', eventData);
    setAttribute(position, 'dataType', reader.u8());
    setAttribute(position, 'dataDetails', reader.hex(length - 10));
  } else if (id === 0x000c) {
    reader.skip(1); // length
    setAttribute(position, 'externalBatteryLevel', reader.u8());
    if (reader.u8() > 0) setAttribute(position, 'externalBatteryCharge', true);
    setAttribute(position, 'externalBatteryCycles', reader.u16());
    reader.skip(6);
  } else {
    const length = reader.u8();
    reader.skip(length === 0 ? reader.u8() : length);
  }
}
