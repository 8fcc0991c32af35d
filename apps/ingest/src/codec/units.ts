/** Unit conversions to Traccar's units (speed in knots). */
export const KNOTS_PER_KPH = 0.539957;
export const KNOTS_PER_MPS = 1.943844;

export const knotsFromKph = (kph: number): number => kph * KNOTS_PER_KPH;
export const knotsFromMps = (mps: number): number => mps * KNOTS_PER_MPS;

/**
 * Java's Double.parseDouble for decimal text (leading/trailing blanks, optional f/d suffix), or undefined when it
 * would throw. Hex floats, NaN and Infinity are refused: they are not JSON numbers.
 */
export function parseJavaDouble(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?$/.test(trimmed)) return undefined;
  const value = Number(trimmed.replace(/[fFdD]$/, ''));
  return Number.isFinite(value) ? value : undefined;
}

/** Java's Integer.parseInt (decimal, 32-bit), or undefined when it would throw. */
export function parseJavaInt(text: string): number | undefined {
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= -2147483648 && value <= 2147483647 ? value : undefined;
}
