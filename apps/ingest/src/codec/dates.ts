/**
 * Times as decoders build them: calendar fields to a UTC date (lenient, as Java's Calendar, or strict) and to the
 * ISO-8601 text a position carries.
 */

/**
 * A UTC date from calendar fields the way Java's lenient Calendar builds it (two-digit years are 20xx; out-of-range
 * fields roll over, e.g. month 0 is December of the year before).
 */
export function utcDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): Date {
  const fullYear = year < 100 ? year + 2000 : year;
  const date = new Date(0);
  date.setUTCFullYear(fullYear, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date;
}

/** ISO-8601 UTC with milliseconds of a date or epoch ms; throws on an impossible date so a garbled frame is refused. */
export function isoTime(time: Date | number): string {
  const date = typeof time === 'number' ? new Date(time) : time;
  if (Number.isNaN(date.getTime())) throw new Error('invalid date');
  return date.toISOString();
}

/** Days in each month of a common year (February is checked against leap years apart). */
const MONTH_DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * isoTime(utcDate(year, month, day, hour, minute, second)) for integer fields, formatted straight from the fields
 * when they name a real calendar second of the years 1000-9999 (no Date, no rollover to resolve); other fields go
 * the lenient way of utcDate.
 */
export function isoTimeOf(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): string {
  const fullYear = year < 100 ? year + 2000 : year;
  if (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    (day <= (MONTH_DAYS[month] as number) ||
      (month === 2 && day === 29 && fullYear % 4 === 0 && (fullYear % 100 !== 0 || fullYear % 400 === 0))) &&
    hour >= 0 &&
    hour < 24 &&
    minute >= 0 &&
    minute < 60 &&
    second >= 0 &&
    second < 60 &&
    fullYear >= 1000 &&
    fullYear <= 9999 &&
    Number.isInteger(fullYear) &&
    Number.isInteger(day) &&
    Number.isInteger(hour) &&
    Number.isInteger(minute) &&
    Number.isInteger(second)
  ) {
    // one flat string from its 24 character codes: several times quicker than concatenating the parts
    const century = (fullYear / 100) | 0;
    const years = fullYear - century * 100;
    return String.fromCharCode(
      48 + ((century / 10) | 0),
      48 + (century % 10),
      48 + ((years / 10) | 0),
      48 + (years % 10),
      45, // -
      48 + ((month / 10) | 0),
      48 + (month % 10),
      45, // -
      48 + ((day / 10) | 0),
      48 + (day % 10),
      84, // T
      48 + ((hour / 10) | 0),
      48 + (hour % 10),
      58, // :
      48 + ((minute / 10) | 0),
      48 + (minute % 10),
      58, // :
      48 + ((second / 10) | 0),
      48 + (second % 10),
      46, // .
      48,
      48,
      48,
      90, // Z
    );
  }
  return isoTime(utcDate(year, month, day, hour, minute, second));
}

const isInt = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/**
 * A UTC time from its parts (full year 1970-2099), as ISO-8601; throws when a part is out of range instead of
 * rolling over (the strict counterpart of isoTimeOf).
 */
export function strictIsoTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): string {
  const valid =
    isInt(year, 1970, 2099) &&
    isInt(month, 1, 12) &&
    isInt(day, 1, 31) &&
    isInt(hour, 0, 23) &&
    isInt(minute, 0, 59) &&
    isInt(second, 0, 60);
  if (!valid) throw new Error(`invalid date ${year}-${month}-${day} ${hour}:${minute}:${second}`);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second)).toISOString();
}
