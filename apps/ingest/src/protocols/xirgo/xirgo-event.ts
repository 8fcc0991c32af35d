import { addAlarm, type PositionDraft } from '../../codec/position-builder';

/** Xirgo event codes that carry a state or an alarm (the code itself is kept as `event`). */
const IGNITION_ON = new Set([4001, 4003, 6011, 6013]);
const IGNITION_OFF = new Set([4002, 4004, 6012, 6014]);
const ALARMS: Readonly<Record<number, string>> = {
  6002: 'overspeed',
  6006: 'hardAcceleration',
  6007: 'hardBraking',
  6008: 'lowPower',
  6009: 'powerCut',
  6010: 'powerRestored',
  6016: 'idle',
  6017: 'tow',
  6032: 'parking',
  6090: 'removing',
  6091: 'lowBattery',
};

export function applyXirgoEvent(position: PositionDraft, event: number): void {
  position.attributes.event = event;
  if (IGNITION_ON.has(event)) position.attributes.ignition = true;
  else if (IGNITION_OFF.has(event)) position.attributes.ignition = false;
  else if (event === 4005) position.attributes.charge = false;
  else if (event === 6030 || event === 6071) position.attributes.motion = true;
  else if (event === 6031) position.attributes.motion = false;
  else addAlarm(position, ALARMS[event]);
}
