import { z } from 'zod';
import { idSchema, pageQuerySchema, refSchema, text, timeSchema } from './common';
import { iccidSchema } from './identifiers';

/**
 * SIM cards of the stock: identified by ICCID, reachable by MSISDN, known to the network by IMSI, bought from a
 * vendor (the carrier), sitting in at most one device.
 */

export const SIM_STATUSES = ['IN_STOCK', 'ACTIVE', 'SUSPENDED', 'RETIRED'] as const;
export const simStatusSchema = z.enum(SIM_STATUSES);
export type SimStatus = z.infer<typeof simStatusSchema>;

/** Where a SIM card may go from each status: a retired card stays retired. */
export const SIM_TRANSITIONS: Record<SimStatus, readonly SimStatus[]> = {
  IN_STOCK: ['ACTIVE', 'RETIRED'],
  ACTIVE: ['SUSPENDED', 'RETIRED'],
  SUSPENDED: ['ACTIVE', 'RETIRED'],
  RETIRED: [],
};

/** Whether a card may go from one status to another (staying put is always allowed). */
export function simTransitionAllowed(from: SimStatus, to: SimStatus): boolean {
  return from === to || SIM_TRANSITIONS[from].includes(to);
}

/** Why an MSISDN is not valid, or null: an E.164 number, 7 to 15 digits, a leading + allowed. */
export function msisdnProblem(value: string): string | null {
  return /^\+?[1-9]\d{6,14}$/.test(value) ? null : 'MSISDN must be an E.164 number of 7 to 15 digits';
}

/** Why an IMSI is not valid, or null: exactly 15 digits. */
export function imsiProblem(value: string): string | null {
  return /^\d{15}$/.test(value) ? null : 'IMSI must be 15 digits';
}

const checked = (problem: (v: string) => string | null) =>
  text()
    .trim()
    .max(32)
    .nullish()
    .transform((v) => (v ? v : null))
    .superRefine((value, ctx) => {
      const p = value === null ? null : problem(value);
      if (p) ctx.addIssue({ code: 'custom', message: p });
    });

export const simDeviceSchema = z.object({ id: z.number().int(), name: z.string(), uniqueId: z.string() });

export const simCardSchema = z.object({
  id: z.number().int(),
  iccid: z.string(),
  msisdn: z.string().nullable(),
  imsi: z.string().nullable(),
  status: simStatusSchema,
  vendorId: z.number().int().nullable(),
  vendorName: z.string().nullable(),
  tenantId: z.number().int().nullable().describe('tenant the card was handed to; null while in platform stock'),
  dataPlan: z.string().nullable(),
  activatedAt: z.string().nullable().describe('ISO-8601 UTC'),
  expiresAt: z.string().nullable().describe('ISO-8601 UTC'),
  device: simDeviceSchema.nullable().describe('the device the card sits in, or null'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SimCard = z.infer<typeof simCardSchema>;

export const simInputSchema = z
  .object({
    iccid: iccidSchema,
    msisdn: checked(msisdnProblem),
    imsi: checked(imsiProblem),
    status: simStatusSchema.default('IN_STOCK'),
    vendorId: refSchema.nullish(),
    dataPlan: text()
      .trim()
      .max(128)
      .nullish()
      .transform((v) => (v ? v : null)),
    activatedAt: timeSchema.nullish(),
    expiresAt: timeSchema.nullish(),
  })
  .refine((s) => !s.activatedAt || !s.expiresAt || Date.parse(s.expiresAt) >= Date.parse(s.activatedAt), {
    message: 'Expiry must not be before activation',
    path: ['expiresAt'],
  });
export type SimInput = z.infer<typeof simInputSchema>;

export const SIM_SORTABLE = ['iccid', 'status', 'expiresAt', 'createdAt'] as const;

/** GET /sim: a page, searched on ICCID, MSISDN and IMSI, filtered by status and vendor. */
export const simListQuerySchema = pageQuerySchema.extend({
  status: simStatusSchema.optional(),
  vendorId: idSchema.optional(),
});
export type SimListQuery = z.infer<typeof simListQuerySchema>;

/** GET /sim/stats: how many of the caller's cards are in each status. */
export const simStatsSchema = z.record(simStatusSchema, z.number().int().min(0));
export type SimStats = z.infer<typeof simStatsSchema>;

/** POST /sim/{id}/device: put the card in a device, or take it out (null). */
export const simDeviceInputSchema = z.object({ deviceId: refSchema.nullable() });

export const SIM_EVENT_ACTIONS = ['created', 'imported', 'updated', 'status', 'inserted', 'removed'] as const;

export const simEventSchema = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO-8601 UTC'),
  action: z.enum(SIM_EVENT_ACTIONS),
  fromStatus: simStatusSchema.nullable(),
  toStatus: simStatusSchema.nullable(),
  deviceId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
});
export type SimEvent = z.infer<typeof simEventSchema>;

/** The most rows one CSV import takes. */
export const SIM_IMPORT_MAX_ROWS = 5000;

export const simImportInputSchema = z.object({
  csv: text().min(1, 'The file is empty').max(2_000_000, 'The file is larger than 2 MB'),
});

/** One CSV row as read, with what is wrong with it (empty when it can be imported). */
export const simImportRowSchema = z.object({
  line: z.number().int().describe('line of the file, the header being line 1'),
  iccid: z.string(),
  msisdn: z.string(),
  imsi: z.string(),
  vendor: z.string(),
  status: z.string(),
  dataPlan: z.string(),
  activatedAt: z.string(),
  expiresAt: z.string(),
  problems: z.array(z.string()),
});
export type SimImportRow = z.infer<typeof simImportRowSchema>;

export const simImportReportSchema = z.object({
  rows: z.array(simImportRowSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
  imported: z.number().int().describe('cards created (0 on a preview or when any row has a problem)'),
});
export type SimImportReport = z.infer<typeof simImportReportSchema>;
