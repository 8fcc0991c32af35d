import { z } from 'zod';
import { int4, real, refSchema, text } from './common';

/** Traccar's command types (the names its encoders and clients use). */
export const COMMAND_TYPES = [
  'custom',
  'deviceIdentification',
  'identification',
  'positionSingle',
  'positionPeriodic',
  'positionStop',
  'engineStop',
  'engineResume',
  'alarmArm',
  'alarmDisarm',
  'alarmDismiss',
  'alarmGeofence',
  'alarmSos',
  'alarmRemove',
  'alarmBattery',
  'alarmSpeed',
  'findDevice',
  'setTimezone',
  'requestPhoto',
  'powerOff',
  'rebootDevice',
  'factoryReset',
  'sendSms',
  'sendUssd',
  'sosNumber',
  'silenceTime',
  'setPhonebook',
  'message',
  'voiceMessage',
  'outputControl',
  'voiceMonitoring',
  'setAgps',
  'setIndicator',
  'configuration',
  'getVersion',
  'firmwareUpdate',
  'setConnection',
  'setOdometer',
  'getModemStatus',
  'getDeviceStatus',
  'setSpeedLimit',
  'modePowerSaving',
  'modeDeepSleep',
  'movementAlarm',
] as const;

/** The parameters commands take, each with its type. */
export const commandParameterSchemas = {
  frequency: int4().min(0).describe('seconds'),
  timezone: z
    .union([int4().min(-86_400).max(86_400), text().trim().min(1).max(64)])
    .describe('offset in seconds, or an IANA zone name'),
  message: text().min(1).max(1000),
  radius: real().positive().describe('metres'),
  enable: z.boolean(),
  data: text().min(1).max(4000),
  index: int4().min(0).max(255),
  phone: text()
    .trim()
    .regex(/^\+?[0-9 ()-]{3,32}$/, 'a phone number'),
  server: text().trim().min(1).max(255),
  port: int4().min(1).max(65_535),
} as const;
export type CommandParameter = keyof typeof commandParameterSchemas;

/** The parameters a type cannot go without. */
export const REQUIRED_PARAMETERS: Partial<Record<string, readonly CommandParameter[]>> = {
  custom: ['data'],
  positionPeriodic: ['frequency'],
  setTimezone: ['timezone'],
  sendSms: ['phone', 'message'],
  sendUssd: ['phone'],
  message: ['message'],
  sosNumber: ['index', 'phone'],
  outputControl: ['index', 'data'],
  setConnection: ['server', 'port'],
  alarmGeofence: ['radius'],
  silenceTime: ['data'],
  setPhonebook: ['data'],
  setIndicator: ['data'],
  setSpeedLimit: ['data'],
  voiceMessage: ['data'],
  modePowerSaving: ['enable'],
  modeDeepSleep: ['enable'],
  movementAlarm: ['radius'],
};

const attributeValue = z.union([text(), real(), z.boolean()]);

/** A saved command (Traccar's Command with deviceId 0): a command prepared for sending later. */
export const savedCommandSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  type: z.string(),
  textChannel: z.boolean().describe('sent by SMS rather than over the data connection'),
  tenantId: z.number().int().nullable(),
  attributes: z.record(z.string(), attributeValue),
});
export type SavedCommandDto = z.infer<typeof savedCommandSchema>;

/** The fields of a saved command; see savedCommandInputSchema for the checks across them. */
export const savedCommandFieldsSchema = z.object({
  description: text().trim().min(1).max(256),
  type: z.enum(COMMAND_TYPES),
  textChannel: z.boolean().optional().describe('false when absent'),
  tenantId: refSchema.nullish().describe('platform staff only'),
  attributes: z.record(text(), attributeValue).optional(),
});

/** A new saved command: its parameters checked for its type (custom needs data, …). */
export const savedCommandInputSchema = savedCommandFieldsSchema.superRefine((input, ctx) =>
  checkParameters(input.type, input.attributes ?? {}, ctx),
);
export type SavedCommandInput = z.infer<typeof savedCommandInputSchema>;

/** Known parameters must have their type; the type's required parameters must be there. */
export function checkParameters(type: string, attributes: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const [key, schema] of Object.entries(commandParameterSchemas)) {
    if (attributes[key] === undefined) continue;
    const parsed = schema.safeParse(attributes[key]);
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['attributes', key],
        message: parsed.error.issues[0]?.message ?? 'invalid',
      });
    }
  }
  for (const key of REQUIRED_PARAMETERS[type] ?? []) {
    if (attributes[key] === undefined) {
      ctx.addIssue({ code: 'custom', path: ['attributes', key], message: `${type} needs ${key}` });
    }
  }
}

export const commandTypeSchema = z.object({ type: z.string() });
