/** The parts of an address a provider answers, each optional (an empty object: no address there). */
export interface AddressParts {
  house?: string;
  street?: string;
  suburb?: string;
  district?: string;
  city?: string;
  state?: string;
  country?: string;
  postcode?: string;
  /** the provider's own one-line address */
  formatted?: string;
}

/**
 * Traccar's address format codes: %h house number, %r street (road), %u suburb, %d district, %t town (city),
 * %s state, %c country, %p postcode, %f the provider's own one-line address.
 */
const CODES: Record<string, keyof AddressParts> = {
  h: 'house',
  r: 'street',
  u: 'suburb',
  d: 'district',
  t: 'city',
  s: 'state',
  c: 'country',
  p: 'postcode',
  f: 'formatted',
};

/** House number and street, then city, state, country and postcode (Traccar's shape, the postcode added last). */
export const DEFAULT_ADDRESS_FORMAT = '%h %r, %t, %s, %c, %p';

/**
 * One line from the parts: each code replaced by its part, then the pieces the missing parts leave empty dropped
 * (no ", ," nor a leading comma). Null when nothing is left; the provider's own line when the format names no part
 * it has.
 */
export function formatAddress(parts: AddressParts, format: string = DEFAULT_ADDRESS_FORMAT): string | null {
  if (!Object.values(parts).some((v) => typeof v === 'string' && v.trim() !== '')) return null;
  const filled = format.replace(/%([a-z%])/g, (code, letter: string) => {
    if (letter === '%') return '%';
    const key = CODES[letter];
    return key ? (parts[key]?.trim() ?? '') : code;
  });
  const line = filled
    .split(',')
    .map((piece) => piece.replace(/\s+/g, ' ').trim())
    .filter((piece) => piece !== '')
    .join(', ');
  if (line !== '') return line;
  return parts.formatted?.trim() || null;
}
