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

const DAY_MS = 86_400_000;
/** 10000-01-01T00:00:00Z in epoch ms: below it (and from 1970) every year has four digits. */
const YEAR_10000_MS = 253_402_300_800_000;

/** ISO-8601 UTC with milliseconds of a date or epoch ms; throws on an impossible date so a garbled frame is refused. */
export function isoTime(time: Date | number): string {
  const ms = typeof time === 'number' ? time : time.getTime();
  if (Number.isInteger(ms) && ms >= 0 && ms < YEAR_10000_MS) {
    // the calendar date of the day count, by 400-year cycles of 146,097 days counted from 0000-03-01 (so that
    // the leap day ends a cycle's year): no Date object, several times quicker than toISOString
    const days = Math.floor(ms / DAY_MS);
    const inDay = ms - days * DAY_MS;
    const shifted = days + 719_468; // days from 0000-03-01 to 1970-01-01
    const cycle = Math.floor(shifted / 146_097);
    const dayOfCycle = shifted - cycle * 146_097;
    const yearOfCycle = Math.floor(
      (dayOfCycle -
        Math.floor(dayOfCycle / 1460) +
        Math.floor(dayOfCycle / 36_524) -
        Math.floor(dayOfCycle / 146_096)) /
        365,
    );
    const dayOfYear = dayOfCycle - (365 * yearOfCycle + Math.floor(yearOfCycle / 4) - Math.floor(yearOfCycle / 100));
    const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
    const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
    const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
    const year = yearOfCycle + cycle * 400 + (month <= 2 ? 1 : 0);
    const seconds = Math.floor(inDay / 1000);
    return isoText(
      year,
      month,
      day,
      Math.floor(seconds / 3600),
      Math.floor(seconds / 60) % 60,
      seconds % 60,
      inDay - seconds * 1000,
    );
  }
  const date = typeof time === 'number' ? new Date(time) : time;
  if (Number.isNaN(date.getTime())) throw new Error('invalid date');
  return date.toISOString();
}

/** YYYY-MM-DDTHH:MM:SS.mmmZ of fields in range (a four-digit year), as one flat string of its 24 character codes. */
function isoText(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  millis: number,
): string {
  const century = (year / 100) | 0;
  const years = year - century * 100;
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
    48 + ((millis / 100) | 0),
    48 + (((millis / 10) | 0) % 10),
    48 + (millis % 10),
    90, // Z
  );
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
    return isoText(fullYear, month, day, hour, minute, second, 0);
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
