import { z } from 'zod';
import { attributesSchema, daySchema, isoTimeSchema, refSchema, text, timeSchema } from './common';

export const GENDERS = ['male', 'female', 'other'] as const;
export const genderSchema = z.enum(GENDERS);

/** A day or an instant: "2024-05-01" or "2024-05-01T00:00:00Z". */
const dateInput = z.union([timeSchema, daySchema]).describe('ISO-8601 date or time');
const detail = (max: number) => text().trim().max(max);

/** A driver (Traccar's Driver, with the driver card's fields), identified on devices by uniqueId (driverUniqueId). */
export const driverSchema = z.object({
  id: z.number().int(),
  uniqueId: z.string(),
  name: z.string(),
  cardNo: z.string().nullable(),
  cardIssuingPlace: z.string().nullable(),
  cardIssueDate: isoTimeSchema.nullable(),
  cardExpirationDate: isoTimeSchema.nullable(),
  gender: genderSchema.nullable(),
  birthday: isoTimeSchema.nullable(),
  personalId: z.string().nullable(),
  icNo: z.string().nullable(),
  mobile: z.string().nullable(),
  tenantId: z.number().int().nullable(),
  attributes: z.record(z.string(), z.unknown()),
});
export type DriverDto = z.infer<typeof driverSchema>;

export const driverInputSchema = z.object({
  uniqueId: detail(128).min(1).describe('the identifier a tracker reports (iButton, RFID card …); unique per tenant'),
  name: detail(128).min(1),
  cardNo: detail(64).nullish(),
  cardIssuingPlace: detail(128).nullish(),
  cardIssueDate: dateInput.nullish(),
  cardExpirationDate: dateInput.nullish(),
  gender: genderSchema.nullish(),
  birthday: dateInput.nullish(),
  personalId: detail(64).nullish(),
  icNo: detail(64).nullish(),
  mobile: detail(32).nullish(),
  tenantId: refSchema.nullish().describe('platform staff only'),
  attributes: attributesSchema.optional(),
});
export type DriverInput = z.infer<typeof driverInputSchema>;
