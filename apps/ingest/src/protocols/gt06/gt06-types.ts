import type { ByteReader } from '../../codec/byte-reader';
import type { PositionDraft } from '../../codec/position-builder';

/** Protocol numbers (message types) of the Concox GT06 family, as the devices and Traccar name them. */
export const MSG = {
  LOGIN: 0x01,
  GPS: 0x10,
  GPS_LBS_6: 0x11,
  GPS_LBS_1: 0x12,
  STATUS: 0x13,
  STRING: 0x15,
  GPS_LBS_STATUS_1: 0x16,
  WIFI: 0x17, // also GPS_LBS_RFID on RFID devices
  LBS_EXTEND: 0x18,
  LBS_STATUS: 0x19,
  GPS_PHONE: 0x1a,
  GPS_LBS_EXTEND: 0x1e,
  STRING_INFO: 0x21,
  GPS_LBS_2: 0x22,
  HEARTBEAT: 0x23,
  LBS_MULTIPLE_3: 0x24,
  GPS_LBS_DRIVER: 0x25,
  GPS_LBS_STATUS_2: 0x26,
  GPS_LBS_STATUS_3: 0x27,
  LBS_MULTIPLE_1: 0x28,
  ADDRESS_REQUEST: 0x2a,
  LBS_WIFI: 0x2c,
  GPS_LBS_4: 0x2d,
  LBS_MULTIPLE_2: 0x2e,
  GPS_LBS_5: 0x31,
  GPS_LBS_STATUS_4: 0x32, // AZ735 GPS when extended
  WIFI_5: 0x33, // AZ735 alarm when extended
  X1_GPS: 0x34, // LBS_3 on SL4X
  X1_PHOTO_INFO: 0x35,
  STATUS_2: 0x36, // X1 photo data when extended; VL-series location
  GPS_LBS_3: 0x37,
  GPS_LBS_8: 0x38,
  ALARM_MODULE: 0x39,
  BMS: 0x40,
  MULTIMEDIA: 0x41,
  IBUTTON: 0x61,
  WIFI_2: 0x69,
  GPS_MODULAR: 0x70,
  COMMAND_0: 0x80,
  COMMAND_1: 0x81,
  COMMAND_2: 0x82,
  TIME_REQUEST: 0x8a,
  OBD: 0x8c,
  INFO: 0x94,
  ALARM: 0x95,
  ADDRESS_RESPONSE: 0x97,
  SERIAL: 0x9b,
  GPS_LBS_7: 0xa0,
  LBS_2: 0xa1,
  WIFI_3: 0xa2, // GPS_LBS_STATUS_5 on LWxG devices
  FENCE_SINGLE: 0xa3, // STATUS_3 on SeeWorld devices
  FENCE_MULTI: 0xa4,
  LBS_ALARM: 0xa5,
  LBS_ADDRESS: 0xa7,
  WIFI_ALARM: 0xa9,
  BLUETOOTH_CLOCK: 0xb2,
  DEVICE_STATUS: 0xf1,
  PERIPHERAL: 0xf2,
  WIFI_4: 0xf3,
} as const;

/** Device families whose frames differ in layout, recognised from the header, type and length of a frame. */
export type Variant =
  | 'standard'
  | 'vxt01'
  | 'wanwayS20'
  | 'sr411Mini'
  | 'gt06eCard'
  | 'benway'
  | 's5'
  | 'space10x'
  | 'obd6'
  | 'wetrust'
  | 'jc400'
  | 'sl4x'
  | 'seeworld'
  | 'rfid'
  | 'lw4g';

/** What the device model (session state `model`, when known) changes in decoding. */
export interface ModelTraits {
  name: string | null;
  lw: boolean;
  seeworld: boolean;
  nt: boolean;
  vl: boolean;
}

const NT_MODELS = new Set(['NT11', 'NT20', 'NT26', 'NT40', 'NT46', 'VL100', 'XT40']);
const VL_MODELS = new Set(['VL103', 'LL303', 'VL512', 'G18']);

/** The traits of frames whose session knows no model (shared: nothing writes to traits). */
const NO_MODEL: ModelTraits = { name: null, lw: false, seeworld: false, nt: false, vl: false };

/** Traits by model as the session states it (a handful of distinct models per process; bounded all the same). */
const traitsByModel = new Map<string, ModelTraits>();

export function modelTraits(model: unknown): ModelTraits {
  if (typeof model !== 'string' || model === '') return NO_MODEL;
  let traits = traitsByModel.get(model);
  if (traits === undefined) {
    const name = model.toUpperCase();
    traits = {
      name,
      lw: name.startsWith('LW'),
      seeworld: name === 'SEEWORLD',
      nt: NT_MODELS.has(name),
      vl: VL_MODELS.has(name),
    };
    if (traitsByModel.size >= 256) traitsByModel.clear();
    traitsByModel.set(model, traits);
  }
  return traits;
}

/** One frame being decoded. */
export interface Gt06Message {
  frame: Buffer;
  extended: boolean;
  /** The length field as sent. */
  length: number;
  type: number;
  variant: Variant;
  model: ModelTraits;
  /** Positioned just after the type byte; reads may run into the serial, CRC and stop bytes, as in Traccar. */
  reader: ByteReader;
  /** Serial number of the frame (the two bytes before the CRC), echoed in acknowledgements. */
  serial: number;
  now: Date;
}

/** What one frame decodes to: at most one position and the reply the device waits for. */
export interface Gt06Outcome {
  position?: PositionDraft;
  ack?: Buffer;
}
