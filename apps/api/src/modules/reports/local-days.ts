/** Calendar days in a time zone, without a date library: offsets read through Intl. */

const formats = new Map<string, Intl.DateTimeFormat>();

function partsAt(time: number, timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(time))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return p as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The zone's offset from UTC at an instant, ms. */
function offsetAt(time: number, timeZone: string): number {
  const p = partsAt(time, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(time / 1000) * 1000;
}

/** The instant the local day containing `time` starts (midnight, or the first instant of a day without one). */
export function startOfLocalDay(time: number, timeZone: string): number {
  const p = partsAt(time, timeZone);
  const midnightUtc = Date.UTC(p.year, p.month - 1, p.day);
  // midnight local = midnight as UTC minus the offset in force then (tried with the offsets around it)
  for (const guess of [midnightUtc - offsetAt(time, timeZone), midnightUtc - offsetAt(midnightUtc, timeZone)]) {
    const q = partsAt(guess, timeZone);
    if (q.day === p.day && q.hour === 0 && q.minute === 0) return guess;
  }
  return midnightUtc - offsetAt(midnightUtc, timeZone);
}

/** [from, to] (ms, to inclusive) cut at the zone's midnights, one range per local day touched. */
export function localDays(from: number, to: number, timeZone: string): { from: number; to: number }[] {
  const ranges: { from: number; to: number }[] = [];
  let start = from;
  while (start <= to) {
    const next = startOfLocalDay(startOfLocalDay(start, timeZone) + 36 * 3_600_000, timeZone);
    ranges.push({ from: start, to: Math.min(to, next - 1) });
    start = next;
  }
  return ranges;
}
