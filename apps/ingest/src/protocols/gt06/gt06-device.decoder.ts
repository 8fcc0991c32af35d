import { addCellTower, cellTower } from '../../codec/network';
import { addAlarm, markOutdated, newPosition, setAttribute } from '../../codec/position-builder';
import { javaTrim } from '../../codec/text';
import { ackOf, decodeGps, decodeLbs, looksLikeDate, readDate } from './gt06-common';
import type { Gt06Message, Gt06Outcome } from './gt06-types';
import { MSG } from './gt06-types';

/** Messages of single device families, each with a layout of its own. */

/** 0x23 (GK310): armed/ignition/charging byte, then battery voltage and signal when present. */
export function decodeHeartbeat(message: Gt06Message): Gt06Outcome {
  const { reader } = message;
  const position = newPosition();
  markOutdated(position);
  const status = reader.u8();
  setAttribute(position, 'armed', (status & 0x01) !== 0);
  setAttribute(position, 'ignition', (status & 0x02) !== 0);
  setAttribute(position, 'charge', (status & 0x04) !== 0);
  if (reader.remaining >= 2 + 6) setAttribute(position, 'battery', reader.u16() / 100);
  if (reader.remaining >= 1 + 6) setAttribute(position, 'rssi', reader.u8());
  return { position, ack: ackOf(message) };
}

/** 0x34 (X1): alarm word, GPS, terminal info, odometer, cell, driver, voltages, inputs, outputs, ADCs. */
export function decodeX1Gps(message: Gt06Message): Gt06Outcome {
  const { reader } = message;
  const position = newPosition();
  reader.skip(4); // data and alarm
  decodeGps(position, reader);
  reader.skip(2); // terminal info
  setAttribute(position, 'odometer', reader.u32());
  addCellTower(position, cellTower(reader.u16(), reader.u8(), reader.u16(), reader.u32()));
  const driverId = reader.u32();
  if (driverId > 0) setAttribute(position, 'driverUniqueId', String(driverId));
  setAttribute(position, 'battery', reader.u16() / 100);
  setAttribute(position, 'power', reader.u16() / 100);
  const portInfo = reader.u32();
  setAttribute(position, 'input', reader.u8());
  setAttribute(position, 'output', reader.u8());
  const adcCount = (portInfo >>> 20) & 0x0f;
  for (let i = 1; i <= adcCount; i++) setAttribute(position, `adc${i}`, reader.u16() / 100);
  return { position };
}

/** 0x24 on SR411 mini: GPS, cell, ignition, external and internal voltage. */
export function decodeSr411(message: Gt06Message): Gt06Outcome {
  const { reader } = message;
  const position = newPosition();
  decodeGps(position, reader);
  decodeLbs(position, reader, message, false);
  setAttribute(position, 'ignition', reader.u8() > 0);
  setAttribute(position, 'power', reader.u16() / 100);
  setAttribute(position, 'battery', reader.u16() / 100);
  return { position };
}

/** 0x61: IMEI, GPS, cell and the iButton key (48-bit, decimal). */
export function decodeIButton(message: Gt06Message): Gt06Outcome {
  const { reader } = message;
  const position = newPosition();
  reader.skip(8); // IMEI
  decodeGps(position, reader);
  decodeLbs(position, reader, message, false);
  const key = reader.u32() * 0x10000 + reader.u16();
  setAttribute(position, 'driverUniqueId', String(key));
  return { position, ack: ackOf(message) };
}

/** 0x13 with a 22-byte body: battery level and temperature (sign in bit 15, set = positive). */
export function decodeLongStatus(message: Gt06Message): Gt06Outcome {
  const { reader } = message;
  const position = newPosition();
  markOutdated(position);
  reader.skip(1 + 2 + 1 + 1); // information content, satellites, alarm, language
  setAttribute(position, 'batteryLevel', reader.u8());
  reader.skip(1 + 2 + 1 + 2 + 2); // working mode, voltage, reserved, working times, working time
  const value = reader.u16();
  const temperature = (value & 0x7fff) / 10;
  setAttribute(position, 'temp1', value & 0x8000 ? temperature : -temperature);
  return { position, ack: ackOf(message) };
}

/** True for the VL series location record sent with type 0x36 (a date where a status byte would be). */
export function isVlLocation(message: Gt06Message): boolean {
  return message.type === MSG.STATUS_2 && !message.extended && (message.model.vl || looksLikeDate(message.reader));
}

/**
 * 0x36 from the VL series (VL103 …): GPS, cell with a 4-byte id, ignition, upload mode, re-upload flag, odometer,
 * external voltage, battery, working minutes and an 8-byte driver card.
 */
export function decodeVlLocation(message: Gt06Message): Gt06Outcome {
  const { reader } = message;
  const position = newPosition();
  decodeGps(position, reader);
  const mcc = reader.u16();
  const mnc = mcc & 0x8000 ? reader.u16() : reader.u8();
  addCellTower(position, cellTower(mcc & 0x7fff, mnc, reader.u16(), reader.u32()));
  setAttribute(position, 'ignition', reader.u8() > 0);
  setAttribute(position, 'uploadMode', reader.u8());
  setAttribute(position, 'archive', reader.u8() > 0);
  setAttribute(position, 'odometer', reader.u32());
  setAttribute(position, 'power', reader.u16() / 100);
  setAttribute(position, 'battery', reader.u8() / 10);
  setAttribute(position, 'hours', reader.u24() * 60 * 1000);
  if (reader.remaining >= 8 + 6) {
    const card = reader.hex(8);
    if (/[^0]/.test(card)) setAttribute(position, 'driverUniqueId', card);
  }
  return { position, ack: ackOf(message) };
}

/** 0x38: GPS, upload mode, re-upload flag, typed cell block. */
export function decodeGpsLbs8(message: Gt06Message): Gt06Outcome {
  const { reader } = message;
  const position = newPosition();
  decodeGps(position, reader);
  reader.skip(2); // upload mode, re-upload
  decodeLbs(position, reader, message, false);
  return { position };
}

const EVENT_ALARMS: Record<number, string> = {
  14: 'lowPower',
  118: 'temperature',
  128: 'vibration',
  135: 'overspeed',
  136: 'powerCut',
  144: 'hardAcceleration',
  145: 'hardBraking',
  146: 'hardCornering',
  147: 'accident',
};

/** 0x95 (JC100/JC400 dashcams): date or GPS, event code and data, names of the recorded files. */
export function decodeAlarmEvent(message: Gt06Message): Gt06Outcome {
  const { reader, variant } = message;
  const position = newPosition();
  const jc400 = variant === 'jc400';
  const withGps = message.length - 5 > 7;
  if (withGps) {
    if (jc400) reader.skip(2 + 1); // marker, version
    decodeGps(position, reader, {
      hasSatellites: jc400,
      hasSpeed: jc400,
      longSpeed: jc400,
      swapFlags: jc400,
    });
  } else {
    markOutdated(position, readDate(reader));
  }
  if (jc400) setAttribute(position, 'power', reader.u16() / 10);
  const event = reader.u8();
  setAttribute(position, 'event', event);
  setAttribute(position, 'eventData', reader.u16());
  if (event === 0x01) addAlarm(position, withGps ? 'sos' : 'general');
  else addAlarm(position, EVENT_ALARMS[event]);
  const filesLength = reader.remaining - 6;
  if (filesLength > 0) setAttribute(position, 'eventFiles', reader.ascii(filesLength));
  return { position, ack: ackOf(message) };
}

/** 0x15: a command's reply text (after a 4-byte server flag), or the SIM's ICCID. */
export function decodeStringReply(message: Gt06Message): Gt06Outcome {
  const { reader } = message;
  const position = newPosition();
  markOutdated(position);
  const length = reader.u8();
  if (length > 0) {
    reader.skip(4); // server flag
    const data = reader.ascii(length - 4);
    if (data.startsWith('<ICCID:')) setAttribute(position, 'iccid', data.substring(7, 27));
    else setAttribute(position, 'result', data);
  }
  return { position, ack: ackOf(message) };
}

/** 0x40 (WD-209 e-bike): battery management report. */
export function decodeBms(message: Gt06Message): Gt06Outcome {
  const { reader } = message;
  const position = newPosition();
  reader.skip(8); // serial number
  markOutdated(position, new Date(reader.u32() * 1000));
  setAttribute(position, 'relativeCapacity', reader.u8());
  setAttribute(position, 'remainingCapacity', reader.u16());
  setAttribute(position, 'absoluteCapacity', reader.u8());
  setAttribute(position, 'fullCapacity', reader.u16());
  setAttribute(position, 'batteryHealth', reader.u8());
  setAttribute(position, 'batteryTemp', reader.u16() / 10 - 273.1);
  setAttribute(position, 'current', reader.u16());
  setAttribute(position, 'battery', reader.u16() / 1000);
  setAttribute(position, 'cycleIndex', reader.u16());
  for (let i = 1; i <= 14; i++) setAttribute(position, `batteryCell${i}`, reader.u16() / 1000);
  setAttribute(position, 'currentChargeInterval', reader.u16());
  setAttribute(position, 'maxChargeInterval', reader.u16());
  setAttribute(position, 'barcode', javaTrim(reader.ascii(16)));
  setAttribute(position, 'batteryVersion', reader.u16());
  setAttribute(position, 'manufacturer', javaTrim(reader.ascii(16)));
  setAttribute(position, 'batteryStatus', reader.u32());
  setAttribute(position, 'controllerStatus', reader.u32());
  setAttribute(position, 'controllerFault', reader.u32());
  return { position, ack: ackOf(message) };
}
