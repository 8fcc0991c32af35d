/**
 * An OsmAnd `timestamp`: Unix seconds (below 2^31-1) or milliseconds, ISO-8601 (UTC unless it names a zone), or
 * `yyyy-MM-dd HH:mm:ss` (taken as UTC; Traccar uses its server's zone). Throws on anything else.
 */
export function osmandTime(value: string): Date {
  let date: Date;
  if (/^[+-]?\d{1,19}$/.test(value)) {
    const number = Number(value);
    date = new Date(number < 2147483647 ? number * 1000 : number);
  } else if (value.includes('T')) {
    date = new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`);
  } else {
    const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
    date = m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : new Date(Number.NaN);
  }
  if (Number.isNaN(date.getTime())) throw new Error(`timestamp ${JSON.stringify(value.slice(0, 40))} is not a time`);
  return date;
}
