/**
 * Reads the groups of a regular-expression match in order, the way Traccar's text decoders consume them: a test
 * for "is the next group present" that steps over the groups when it fails, so that optional alternatives can be
 * walked in sequence. Shared by the h02 and gps103 decoders.
 */
export class GroupCursor {
  private index = 1;

  constructor(private readonly match: RegExpExecArray) {}

  private value(i: number): string | undefined {
    const v = this.match[i];
    return v === undefined || v === '' ? undefined : v;
  }

  /** True when the next `count` groups all have a value; otherwise steps over them and returns false. */
  hasNext(count = 1): boolean {
    for (let i = this.index; i < this.index + count; i++) {
      if (this.value(i) === undefined) {
        this.index += count;
        return false;
      }
    }
    return true;
  }

  /** True when any of the next `count` groups has a value; otherwise steps over them and returns false. */
  hasNextAny(count: number): boolean {
    for (let i = this.index; i < this.index + count; i++) if (this.value(i) !== undefined) return true;
    this.index += count;
    return false;
  }

  /** The next group as matched (undefined when it did not take part). */
  next(): string | undefined {
    const v = this.match[this.index];
    this.index += 1;
    return v;
  }

  skip(count = 1): void {
    this.index += count;
  }

  nextInt(): number | undefined;
  nextInt(fallback: number): number;
  nextInt(fallback?: number): number | undefined {
    return this.hasNext() ? toInt(this.next() as string, 10) : fallback;
  }

  nextHex(): number | undefined;
  nextHex(fallback: number): number;
  nextHex(fallback?: number): number | undefined {
    return this.hasNext() ? toInt(this.next() as string, 16) : fallback;
  }

  nextDouble(): number | undefined;
  nextDouble(fallback: number): number;
  nextDouble(fallback?: number): number | undefined {
    if (!this.hasNext()) return fallback;
    const text = this.next() as string;
    const value = Number(text);
    if (!Number.isFinite(value)) throw new Error(`not a number: ${text}`);
    return value;
  }
}

function toInt(text: string, radix: number): number {
  const pattern = radix === 16 ? /^[+-]?[0-9a-fA-F]+$/ : /^[+-]?\d+$/;
  if (!pattern.test(text)) throw new Error(`not an integer: ${text}`);
  return Number.parseInt(text, radix);
}
