import { z } from 'zod';
import { refSchema, text } from './common';

/**
 * The platform's stock catalogues: tracker manufacturers, device models (each speaking one protocol on one port)
 * and SIM vendors. Platform rows: every admin may read them for its forms, only platform staff change them.
 */

const name = () => text().trim().min(1, 'Required').max(128);
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const manufacturerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  website: z.string().nullable(),
  modelCount: z.number().int().describe('device models of this manufacturer'),
});
export type Manufacturer = z.infer<typeof manufacturerSchema>;

export const manufacturerInputSchema = z.object({ name: name(), website: optionalText(255) });
export type ManufacturerInput = z.infer<typeof manufacturerInputSchema>;

/** The text a model's port gets when it is missing, zero or negative. */
export const PORT_ZERO_MESSAGE = "Can't be zero";
export const PORT_MAX = 65_535;

/** A model's TCP/UDP port: required and above zero ('Can't be zero'), at most 65535. */
export const portSchema = z
  .number({ error: PORT_ZERO_MESSAGE })
  .int('Must be a whole number')
  .min(1, PORT_ZERO_MESSAGE)
  .max(PORT_MAX, `Must be at most ${PORT_MAX}`);

export const deviceModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  port: z.number().int().nullable(),
  protocol: z.string().nullable().describe('the protocol served on the port (from the protocol catalogue)'),
  manufacturerId: z.number().int().nullable(),
  manufacturerName: z.string().nullable(),
  deviceCount: z.number().int().describe('devices of this model'),
});
export type DeviceModel = z.infer<typeof deviceModelSchema>;

/** A model as the dialog sends it: the protocol is not sent, the server derives it from the port. */
export const deviceModelInputSchema = z.object({
  name: name(),
  port: portSchema,
  manufacturerId: refSchema.nullish(),
});
export type DeviceModelInput = z.infer<typeof deviceModelInputSchema>;

/** A protocol the platform serves and its port (the model dialog shows the protocol of the port typed). */
export const protocolPortSchema = z.object({ protocol: z.string(), port: z.number().int() });
export type ProtocolPort = z.infer<typeof protocolPortSchema>;

export const vendorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contact: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  simCount: z.number().int().describe('SIM cards of this vendor'),
});
export type Vendor = z.infer<typeof vendorSchema>;

export const vendorInputSchema = z.object({
  name: name(),
  contact: optionalText(128),
  email: z
    .union([z.email('Invalid email address').max(254), z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
  phone: optionalText(32),
  website: optionalText(255),
});
export type VendorInput = z.infer<typeof vendorInputSchema>;
