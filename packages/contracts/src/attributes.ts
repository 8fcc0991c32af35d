import { z } from 'zod';
import { attributeValueSchema } from './position';

/**
 * The attribute keys a position may carry: Traccar's names, so that its clients, reports and computed attributes
 * read our positions unchanged. A decoder sets a value under one of these keys, or a raw vendor value under a
 * numbered key (ATTRIBUTE_PATTERNS: io12, adc1, temp1, …). Values follow Traccar's units and types; where
 * Traccar's decoders give one key different types by protocol (event, input, type…), the schema says so.
 */

const number = (description: string) => z.number().describe(description);
const boolean = (description: string) => z.boolean().describe(description);
const text = (description: string) => z.string().describe(description);
/** A key whose value type depends on the protocol (Traccar passes the device's value through). */
const scalar = (description: string) => attributeValueSchema.describe(description);
const numberOrText = (description: string) => z.union([z.number(), z.string()]).describe(description);

/** Location quality and radio. */
const fixQuality = {
  sat: number('satellites in use'),
  satVisible: number('satellites in view'),
  hdop: number('horizontal dilution of precision'),
  vdop: number('vertical dilution of precision'),
  pdop: number('position dilution of precision'),
  hacc: number('horizontal accuracy the phone reports, metres'),
  vacc: number('vertical accuracy the phone reports, metres'),
  gps: scalar('GNSS receiver state as the device reports it'),
  approximate: boolean('the location is approximate (from cell towers or Wi-Fi)'),
  mock: boolean('the phone reports the location as coming from a mock provider'),
  rssi: number('mobile signal strength as the device reports it (level or dBm)'),
  carrier: number('mobile network operator code the modem is registered on'),
  modem: number('modem / communication state bits as the device encodes them'),
  roaming: boolean('the SIM is roaming'),
  operator: numberOrText('mobile operator (MCC and MNC, or name)'),
  mcc: number('mobile country code of the network the device reports'),
  mnc: number('mobile network code of the network the device reports'),
  iccid: text('SIM card ICCID'),
  imei: text('IMEI the device reports inside the message'),
  phone: text('phone number the device reports'),
  ip: text('IP address the device reports'),
  antenna: scalar('GNSS antenna state'),
  timezone: text('time zone the device reports, e.g. UTC-04:00'),
};

/** Distance, movement and time. */
const movement = {
  distance: number('metres travelled since the previous position (the pipeline computes it)'),
  totalDistance: number('metres travelled in all, accumulated by the pipeline'),
  odometer: number('odometer the device reports, metres'),
  serviceOdometer: number('distance left until service, metres'),
  tripOdometer: number('trip distance the device reports, metres'),
  averageSpeed: number('average speed the device reports, km/h'),
  obdOdometer: number('odometer read over OBD, metres'),
  obdSpeed: number('vehicle speed read over OBD, km/h'),
  motion: boolean('moving: the device says so, or the speed is above the motion threshold'),
  hours: number('engine hours, milliseconds'),
  idleHours: number('engine idle time the device reports, hours'),
  drivingTime: number('driving time the device reports'),
  steps: number('steps counted (wearables)'),
  activity: text('activity the phone detects (still, walking, in_vehicle, …)'),
  acceleration: scalar('acceleration the device reports'),
  gSensor: text('accelerometer readings as the device reports them, e.g. [x,y,z]'),
  tilt: text('tilt angles as the device reports them, e.g. [x,y,z]'),
  axisX: number('accelerometer X axis, mG'),
  axisY: number('accelerometer Y axis, mG'),
  axisZ: number('accelerometer Z axis, mG'),
  speedLimit: number('speed limit the device reports, knots'),
  range: number('range left on the current energy, metres'),
};

/** Power, engine and fuel. */
const vehicle = {
  ignition: boolean('ignition (ACC) on'),
  power: number('external power supply, volts'),
  power2: number('second external power input, volts'),
  battery: number('internal battery, volts'),
  solarPower: number('solar panel voltage, volts'),
  batteryLevel: number('internal battery, percent'),
  charge: boolean('the battery is charging'),
  externalBatteryLevel: number('external battery pack, percent'),
  externalBatteryCycles: number('charge cycles of the external battery pack'),
  accessoryVoltage: number('voltage of a connected accessory, volts'),
  accessoryMac: text('MAC address of a connected accessory'),
  fuel: number('fuel level, litres (or percent, as the device reports)'),
  fuelLevel: number('fuel level, percent'),
  fuelLevel2: number('second fuel tank level, percent'),
  liquid: number('liquid level sensor reading as the device reports it'),
  fuelUsed: number('fuel used, litres'),
  fuelTotal: number('total fuel used from the CAN bus, litres'),
  fuelConsumption: number('fuel consumption, litres per hour'),
  idleFuelConsumption: number('fuel used while idling, litres'),
  adBlueLevel: number('AdBlue (DEF) level, percent'),
  timingAdvance: number('ignition timing advance, degrees'),
  airTemp: number('intake air temperature, degrees Celsius'),
  airFlow: number('mass air flow, grams per second'),
  obdTraffic: text('raw OBD data as hex'),
  rpm: number('engine speed, revolutions per minute'),
  throttle: numberOrText('throttle position, percent'),
  engineLoad: numberOrText('engine load, percent'),
  engineTemp: number('engine temperature, degrees Celsius'),
  engineStatus: number('engine status code as the device reports it'),
  coolantTemp: number('engine coolant temperature, degrees Celsius'),
  intakeTemp: number('intake air temperature, degrees Celsius'),
  intakeFlow: number('intake air flow, grams per second'),
  airPressure: number('air pressure, hPa'),
  mapIntake: number('intake manifold absolute pressure (OBD PID 0x0B), kPa'),
  milDistance: number('distance travelled with the malfunction indicator lamp on (OBD PID 0x21), km'),
  vin: text('vehicle identification number'),
  dtcs: text('diagnostic trouble codes, space separated'),
  dtcsCodes: text('diagnostic trouble codes as the device encodes them'),
  dtcsNumber: number('number of diagnostic trouble codes'),
  dtcsClearedDistance: number('distance since the trouble codes were cleared, km'),
  clearedDistance: number('distance since the trouble codes were cleared (OBD PID 0x31), km'),
  oilPressure: number('engine oil pressure as the device reports it'),
  engineTorque: number('engine torque as the device reports it'),
  engineBrake: number('engine brake state as the device reports it'),
  cruiseControl: boolean('cruise control is on'),
  clutchState: boolean('the clutch is pressed'),
  parkingBrake: boolean('the parking brake is on'),
  serviceBrake: boolean('the service brake is pressed'),
  can: text('raw CAN bus data, hexadecimal'),
  odbConnect: boolean('the OBD interface is connected'),
  axleWeight: number('axle weight, kilograms'),
  door: boolean('a door is open'),
  doors: number('door states as the device encodes them'),
  lights: number('light states as the device encodes them'),
  indicators: number('dashboard indicator states as the device encodes them'),
  registration: text('vehicle registration the device reports'),
  tachographInfo: number('tachograph information as the device encodes it'),
  cumulativeVoltage: number('battery pack total voltage, volts'),
  current: number('battery pack current, amperes'),
  soc: number('battery pack state of charge as the device reports it'),
  gatherVoltage: number('battery pack voltage sampled by the device, volts'),
  maxCellVoltage: number('highest battery cell voltage, volts'),
  maxCellVoltageCount: number('index of the cell with the highest voltage'),
  minCellVoltage: number('lowest battery cell voltage, volts'),
  minCellVoltageCount: number('index of the cell with the lowest voltage'),
  maxTemp: number('highest battery cell temperature, degrees Celsius'),
  maxTempCount: number('index of the hottest cell'),
  minTemp: number('lowest battery cell temperature, degrees Celsius'),
  minTempCount: number('index of the coldest cell'),
  hs3: number('battery pack status flag as the device reports it'),
  turnovers: number('rotation counter of a mixer drum'),
  taximeterOn: boolean('the taximeter is running'),
  taximeterStart: text('time the taximeter started, as the device writes it'),
};

/** Alarms, events and states. */
const state = {
  alarm: text("raised alarms, comma separated (Traccar's alarm names: sos, overspeed, powerCut, …)"),
  event: numberOrText('event code or name as the device reports it'),
  eventSource: number('what raised the event, as the device numbers it (JointTech lock reports)'),
  alertType: number('alert type as the device numbers it'),
  eventData: numberOrText('data that came with the event'),
  eventFiles: text('media files the device recorded for the event, comma separated'),
  status: numberOrText('status bits as the device encodes them (a number, its digit string, or a letter)'),
  statusExtended: text('more status digits as the device writes them'),
  logisticsLock: number('logistics lock state as the device reports it'),
  otherStatus: number('further status bits as the device encodes them'),
  type: numberOrText('message or report type as the device reports it'),
  reason: number('report reason code'),
  priority: number('record priority'),
  index: number('message index or serial number'),
  archive: boolean('the position was stored by the device and sent later'),
  armed: boolean('the alarm system is armed'),
  blocked: boolean('the engine or vehicle is blocked'),
  lock: boolean('locked'),
  lockStatus: number('lock states as the device encodes them'),
  geofence: numberOrText('geofence number or state as the device reports it'),
  geofenceIn: number('geofences the device is inside, as a bit field'),
  geofenceAlarm: number('geofences whose alarm is raised, as a bit field'),
  eventMask: number('events as a bit field, as the device encodes them'),
  authorized: boolean('the driver card read is authorised'),
  rapidAcceleration: boolean('rapid acceleration detected'),
  roughBraking: boolean('rough braking detected'),
  harshCourse: boolean('harsh turn detected'),
  noWarmUp: boolean('driven without engine warm-up'),
  longIdle: boolean('long idling detected'),
  fatigueDriving: boolean('fatigue driving detected'),
  roughTerrain: boolean('rough terrain detected'),
  highRpm: boolean('high engine speed detected'),
  tamper: boolean('tampering detected'),
  cover: boolean('the device case is open'),
  panic: number('panic button state'),
  button: number('button pressed'),
  mode: number('working mode as the device reports it'),
  uploadMode: number('upload mode as the device reports it'),
  bootReason: number('reason of the last restart as the device encodes it'),
  wakeSource: number('what woke the device up, as it encodes it'),
  uptime: number('time since the device started, as it reports it'),
  runtime: numberOrText('device run time as it reports it'),
  adasAlarm: number('driver assistance alarm code'),
  videoAlarm: number('video alarm flags'),
  alarmLabel: text('alarm label of a video alarm, hexadecimal'),
  alertData: text('alert data as the device writes it'),
  alertModifier: text('alert modifier as the device writes it'),
  drivingQuality: number('driving behaviour score'),
  flags: scalar('flags as the device encodes them'),
  append: number('spare byte of a report as the device sends it'),
  input: numberOrText('digital inputs as a bit field'),
  output: numberOrText('digital outputs as a bit field'),
  result: text('answer of the device to a command'),
  command: text('command the device reports'),
  raw: text('the undecoded message, hexadecimal or text'),
  data: text('data the device sent that has no decoded form'),
  string: boolean('the message is a text message'),
  serial: text('data from a serial port'),
  image: text('file name of a photo the device sent'),
  video: text('file name of a video the device sent'),
  audio: text('file name of an audio recording the device sent'),
};

/** Device, driver and sensors. */
const device = {
  versionFw: numberOrText('firmware version'),
  versionHw: numberOrText('hardware version'),
  deviceType: text('device model the device reports'),
  deviceTemp: number('device temperature, degrees Celsius'),
  password: text('password the device reports'),
  driverUniqueId: text("driver's identifier (RFID card, iButton)"),
  card: text('card number read by the device'),
  cardCode: text('code of the card read'),
  cardResult: number('result of the card reading'),
  cardStatus: number('card reader status'),
  cardValidity: text('validity of the card read, as the device writes it'),
  heartRate: number('heart rate, beats per minute'),
  deviceId: number("the device's own number (Galileosky), not Traccar's device id"),
  activityTime: number('time active today, minutes (wearables)'),
  lightSleepTime: number('light sleep, minutes (wearables)'),
  deepSleepTime: number('deep sleep, minutes (wearables)'),
  belt: number('strap (belt) state of a wearable, as the device reports it'),
  pressureHigh: text('systolic blood pressure, mmHg'),
  pressureLow: text('diastolic blood pressure, mmHg'),
  humidity: number('relative humidity, percent'),
  sensorBattery: number('battery of a wireless sensor the device reads, volts'),
  sensorBatteryLevel: number('battery of a wireless sensor the device reads, percent'),
  sensorRssi: number('signal strength of a wireless sensor the device reads, dBm'),
  lightSensor: number('light sensor reading as the device reports it'),
  tagName: text('name of a wireless sensor tag'),
  tagTemp: number('wireless sensor tag temperature, degrees Celsius'),
  tagHumidity: number('wireless sensor tag relative humidity, percent'),
  tagBattery: number('wireless sensor tag battery, percent'),
  signal: text('GPS signal flag as the device writes it (Xexun: F fix, L last known)'),
  number: text('phone number the report came from or is addressed to'),
  eventStatus: text('event status as the device writes it'),
  packetType: text('report type as the device writes it'),
  obd: text('OBD data as the device sends it, hexadecimal'),
  tagData: text('wireless tag data as the device sends it'),
  oilLevel: number('engine oil level as the device reports it'),
  oilTemp: number('engine oil temperature as the device reports it'),
  coolantPressure: number('engine coolant pressure as the device reports it'),
  coolantLevel: number('engine coolant level as the device reports it'),
  illuminance: number('ambient light, lux'),
  co2: number('carbon dioxide concentration, ppm'),
  tagId: text('identifier of the beacon or tag seen'),
  tagRssi: number('signal strength of the beacon seen, dBm'),
  tag1mRssi: number('signal strength the beacon announces at one metre, dBm'),
  description: text('name of the place or beacon the device reports'),
  bark: boolean('barking detected (dog trackers)'),
  barkStop: boolean('the bark stopper was triggered'),
  barkCount: number('barks counted'),
  spO2: number('blood oxygen saturation, percent'),
};

/** Every known key with the schema of its value. */
export const attributeSchemas = { ...fixQuality, ...movement, ...vehicle, ...state, ...device };
export type AttributeKey = keyof typeof attributeSchemas;
export const ATTRIBUTE_KEYS = Object.keys(attributeSchemas) as AttributeKey[];

/**
 * Numbered vendor keys: a raw value the device numbers itself (I/O element 12, analog input 1, temperature
 * sensor 1, BLE tag 2's temperature…), kept under Traccar's prefix and the device's number.
 */
export const ATTRIBUTE_PATTERNS = [
  { pattern: /^io\d+$/, schema: scalar('raw I/O element of the device, by its number') },
  { pattern: /^adc\d+$/, schema: numberOrText('analog input N, volts (or the raw value)') },
  { pattern: /^temp\d+$/, schema: number('temperature sensor N, degrees Celsius') },
  { pattern: /^in\d+$/, schema: z.union([z.boolean(), z.number()]).describe('digital input N') },
  { pattern: /^out\d+$/, schema: z.union([z.boolean(), z.number()]).describe('digital output N') },
  { pattern: /^count\d+$/, schema: number('counter N') },
  { pattern: /^can(8|16|32)BitR\d+$/, schema: number('CAN bus register N (8, 16 or 32 bits) as the device reads it') },
  { pattern: /^canB\d+$/, schema: number('CAN bus bit field N as the device reads it') },
  { pattern: /^userData\d+$/, schema: number('user data word N the device is configured to send') },
  { pattern: /^pid\d+$/, schema: text('J1708 parameter N as the device sends it, hexadecimal') },
  { pattern: /^acc\d+$/, schema: number('accumulator N (distance, time or counter as the device is set up)') },
  { pattern: /^fuel\d+$/, schema: number('fuel sensor N, litres (or percent, as the device reports)') },
  { pattern: /^bleTemp\d+$/, schema: number('BLE temperature sensor N, degrees Celsius') },
  { pattern: /^cellTemp\d+$/, schema: number('battery cell N temperature, degrees Celsius') },
  { pattern: /^axleWeight\d+$/, schema: number('axle N weight, kilograms') },
  { pattern: /^assign\d+$/, schema: text('assignable field N as the device writes it') },
  { pattern: /^alarm\d+Status$/, schema: number('alarm input N status as the device encodes it') },
  { pattern: /^driver\d+(Card|Name)$/, schema: text("driver N's card or name") },
  { pattern: /^card\d+$/, schema: text('card N read by the device (RFID reader N)') },
  {
    pattern: /^tag\d+(Id|Mac|Name|Temp|Humidity|Battery|Voltage|Rssi|Major|Minor|Samples|Data)$/,
    schema: scalar('wireless sensor tag N: identifier, MAC, name, temperature, humidity, battery, signal…'),
  },
  {
    pattern: /^(tagId|tagRssi|tag1mRssi|tagBattery|description)\d+$/,
    schema: scalar('beacon N seen: identifier, signal, signal at one metre, battery, name'),
  },
  { pattern: /^activity\d+(Time)?$/, schema: number('activity N level, or the time it was measured') },
  { pattern: /^beacon\d+(Uuid|Major|Minor|Rssi)$/, schema: scalar('BLE beacon N: UUID, major, minor, signal') },
  {
    pattern: /^lock\d+(Id|Card|Battery|Locked|Seal)$/,
    schema: scalar('electronic lock N: identifier, card, battery, locked, seal'),
  },
] as const;

const KNOWN_KEYS: ReadonlySet<string> = new Set(ATTRIBUTE_KEYS);
// one test for every pattern: most keys are known names, so this runs only for the numbered ones
const NUMBERED = new RegExp(ATTRIBUTE_PATTERNS.map((p) => `(?:${p.pattern.source})`).join('|'));

/** Whether a key is one of the closed set: a known name or a numbered vendor key. */
export function isKnownAttributeKey(key: string): boolean {
  return KNOWN_KEYS.has(key) || NUMBERED.test(key);
}

/** The schema of a known key's value, or undefined for a key outside the set. */
export function attributeSchemaOf(key: string): z.ZodType | undefined {
  if (KNOWN_KEYS.has(key)) return attributeSchemas[key as AttributeKey];
  return ATTRIBUTE_PATTERNS.find((p) => p.pattern.test(key))?.schema;
}
