import { luhnValid } from '@waymark/contracts/identifiers';

let next = 0;

/** A valid 19-digit ICCID (89 prefix, Luhn check digit), different on each call within a test file. */
export function validIccid(seed = (Date.now() % 1_000_000_000) + next++): string {
  const body = `8944${String(seed).padStart(14, '0').slice(-14)}`;
  for (let check = 0; check < 10; check++) if (luhnValid(`${body}${check}`)) return `${body}${check}`;
  throw new Error('unreachable');
}

/** The same ICCID with a wrong check digit. */
export function badCheckDigit(iccid: string): string {
  const last = Number(iccid.at(-1));
  return `${iccid.slice(0, -1)}${(last + 1) % 10}`;
}
