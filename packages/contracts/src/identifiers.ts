import { z } from 'zod';

/**
 * Hardware identifiers of the admin stock: SIM cards' ICCID and trackers' IMEI. Both end in a Luhn check digit
 * (ITU-T E.118 for ICCIDs, 3GPP TS 23.003 for IMEIs), so a mistyped digit is caught before it reaches the stock.
 */

/** Whether the digits pass the Luhn (mod 10) check, counting the last digit as the check digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** ICCIDs are 18 to 20 digits (19 or 20 in practice), starting with the telecom prefix 89. */
export const ICCID_MIN_LENGTH = 18;
export const ICCID_MAX_LENGTH = 20;

/** Why an ICCID is not valid, or null when it is. */
export function iccidProblem(value: string): string | null {
  if (!/^\d+$/.test(value)) return 'ICCID must contain digits only';
  if (value.length < ICCID_MIN_LENGTH || value.length > ICCID_MAX_LENGTH)
    return `ICCID must be ${ICCID_MIN_LENGTH} to ${ICCID_MAX_LENGTH} digits long`;
  if (!value.startsWith('89')) return 'ICCID must start with 89';
  if (!luhnValid(value)) return 'ICCID check digit is wrong';
  return null;
}

export const iccidSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = iccidProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Why a 15-digit IMEI is not valid, or null; identifiers of other lengths are not IMEIs and are not checked. */
export function imeiProblem(value: string): string | null {
  if (!/^\d{15}$/.test(value)) return null;
  return luhnValid(value) ? null : 'IMEI check digit is wrong';
}
