/**
 * Reads the in-world dates a session log writes, in the campaign's own calendar: the calendar's
 * month names and their unambiguous abbreviations with a day (digits, "28th" or "the first"), the
 * calendar's own label format ("28 Flamerule 1372 DR", "Midwinter, 1372 DR"), its festival and
 * leap days by name ("Shieldmeet"), and phrases that move on from the date before ("the next
 * morning", "three days later", "a tenday later", "on the new moon"). Everything is derived from
 * the calendar; nothing here knows a particular world.
 */
import type { Calendar } from '../../../../contract/calendar';

export interface DateFound {
  day: number;
  /** True when the text names the date itself; false when it counts from the date before. */
  absolute: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const UNITS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty'];
const ORDINAL_UNITS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth'];
const ORDINAL_TEENS = ['tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth'];

/** Number words one..thirty-nine and ordinal words first..thirty-ninth, as values. */
function numberWords(): { cardinals: Map<string, number>; ordinals: Map<string, number> } {
  const cardinals = new Map<string, number>([
    ['a', 1],
    ['an', 1],
    ['a couple of', 2],
  ]);
  const ordinals = new Map<string, number>();
  UNITS.forEach((word, index) => cardinals.set(word, index + 1));
  TEENS.forEach((word, index) => cardinals.set(word, index + 10));
  ORDINAL_UNITS.forEach((word, index) => ordinals.set(word, index + 1));
  ORDINAL_TEENS.forEach((word, index) => ordinals.set(word, index + 10));
  for (const tens of [2, 3]) {
    cardinals.set(TENS[tens], tens * 10);
    ordinals.set(`${TENS[tens].slice(0, -1)}ieth`, tens * 10);
    UNITS.forEach((word, index) => {
      for (const joiner of ['-', ' ']) {
        cardinals.set(`${TENS[tens]}${joiner}${word}`, tens * 10 + index + 1);
        ordinals.set(`${TENS[tens]}${joiner}${ORDINAL_UNITS[index]}`, tens * 10 + index + 1);
      }
    });
  }
  return { cardinals, ordinals };
}

const { cardinals: CARDINALS, ordinals: ORDINALS } = numberWords();
const alternatives = (words: Iterable<string>) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
const DAY = `(\\d{1,3}(?:st|nd|rd|th)?|${alternatives(ORDINALS.keys())})`;
const COUNT = `(\\d{1,3}|${alternatives(CARDINALS.keys())})`;
/** A year, with an era's abbreviation or name after it when the text gives one ("1372 DR", "501 B.C."). */
const YEAR = `(-?\\d{1,6}(?:\\s+[A-Z][\\p{L}.]{0,11}(?:\\s+[A-Z][\\p{L}]+)?)?)`;

const dayValue = (text: string) => (/^\d/.test(text) ? Number.parseInt(text, 10) : (ORDINALS.get(text.toLowerCase()) ?? 0));
const countValue = (text: string) => (/^\d/.test(text) ? Number(text) : (CARDINALS.get(text.toLowerCase()) ?? 0));
const startsUpper = (text: string) => /^\p{Lu}/u.test(text);
/** A festival day written as a name: one of its words capitalised ("Shieldmeet", "the Drowning"). */
const writtenAsName = (text: string) => /(?:^|\s)\p{Lu}/u.test(text);

export function createDateReader(calendar: Calendar) {
  const referenceYear = calendar.fromDay(Math.max(calendar.minDay, Math.min(calendar.maxDay, 0))).year;
  const months = calendar.monthsOf(referenceYear);
  const monthIndex = new Map<string, number>();
  months.forEach((month, index) => {
    monthIndex.set(month.name.toLowerCase(), index + 1);
    if (month.intercalary) return;
    // Every prefix of three letters or more that no other month starts with: Jan, Sept, Flam.
    for (let length = 3; length < month.name.length; length += 1) {
      const prefix = month.name.slice(0, length).toLowerCase();
      if (months.every((other, at) => at === index || !other.name.toLowerCase().startsWith(prefix))) monthIndex.set(prefix, index + 1);
    }
  });
  const monthNames = alternatives(monthIndex.keys());
  const dayFirst = new RegExp(
    `\\b(?:the\\s+)?${DAY}\\s+(?:day\\s+)?(?:of\\s+)?(${monthNames})\\.?(?![\\p{L}])(?:,?\\s+(?:in\\s+)?(?:the\\s+year\\s+(?:of\\s+)?)?${YEAR})?`,
    'giu',
  );
  const monthFirst = new RegExp(`\\b(${monthNames})\\.?\\s+(?:the\\s+)?${DAY}(?![\\p{L}\\d])(?:,?\\s+${YEAR})?`, 'giu');

  const namedDayNames = new Map<string, { month: number; day: number }>();
  for (const named of calendar.namedDays(referenceYear)) namedDayNames.set(named.name.toLowerCase(), { month: named.month, day: named.day });
  // Leap days absent from the reference year are found by their names in the leap years.
  for (let year = referenceYear + 1; year <= referenceYear + 8; year += 1) {
    for (const named of calendar.namedDays(year)) if (!namedDayNames.has(named.name.toLowerCase())) namedDayNames.set(named.name.toLowerCase(), named);
  }
  const namedDay =
    namedDayNames.size > 0
      ? new RegExp(`\\b(${alternatives(namedDayNames.keys())})(?![\\p{L}])(?:\\s*\\(day\\s+(\\d{1,3})\\))?(?:,?\\s+(?:of\\s+)?(?:the\\s+year\\s+)?${YEAR})?`, 'giu')
      : null;

  const yearOf = (text: string | undefined): number | null => {
    if (!text) return null;
    const year = calendar.readYear(text);
    if (year !== null) return year;
    return calendar.readYear(text.split(/\s+/)[0]);
  };

  const dayIn = (year: number, month: number, day: number): number | null => {
    const length = calendar.monthsOf(year)[month - 1]?.length ?? 0;
    if (day < 1 || day > length) return null;
    const result = calendar.toDay({ year, month, day });
    return result >= calendar.minDay && result <= calendar.maxDay ? result : null;
  };

  /** The first date the text names, its year from the text or the date before (or `fallbackYear`). */
  function absolute(text: string, context: number | null): { day: number; at: number } | null {
    const contextYear = context === null ? referenceYear : calendar.fromDay(context).year;
    const found: Array<{ day: number; at: number }> = [];
    for (const [pattern, dayGroup, monthGroup] of [
      [dayFirst, 1, 2],
      [monthFirst, 2, 1],
    ] as const) {
      for (const match of text.matchAll(pattern)) {
        const monthText = match[monthGroup];
        if (!startsUpper(monthText)) continue;
        const month = monthIndex.get(monthText.toLowerCase());
        const year = yearOf(match[3]) ?? contextYear;
        const day = month ? dayIn(year, month, dayValue(match[dayGroup])) : null;
        if (day !== null) found.push({ day, at: match.index });
      }
    }
    if (namedDay) {
      for (const match of text.matchAll(namedDay)) {
        if (!writtenAsName(match[1])) continue;
        const named = namedDayNames.get(match[1].toLowerCase())!;
        const day = dayIn(yearOf(match[3]) ?? contextYear, named.month, match[2] ? Number(match[2]) : named.day);
        if (day !== null) found.push({ day, at: match.index });
      }
    }
    found.sort((a, b) => a.at - b.at);
    return found[0] ?? null;
  }

  const unitDays = (unit: string, from: number): number => {
    const word = unit.toLowerCase().replace(/s$/, '');
    const date = calendar.fromDay(from);
    if (word === 'day' || word === 'night' || word === 'morning') return 1;
    if (word === 'week') return calendar.weekdays.length;
    if (word === 'month') return calendar.monthsOf(date.year)[date.month - 1].length;
    if (word === 'year') return calendar.monthsOf(date.year).reduce((sum, month) => sum + month.length, 0);
    // "tenday", "fiveday": a week named by its number of days.
    const counted = CARDINALS.get(word.replace(/day$/, ''));
    return counted ?? 1;
  };
  const UNIT = `(days?|nights?|mornings?|weeks?|months?|years?|(?:${alternatives([...CARDINALS.keys()].filter((word) => /^[a-z]+$/.test(word) && word.length > 2))})days?)`;
  const later = new RegExp(`\\b${COUNT}\\s+${UNIT}\\s+(?:later|afterwards?|after that|pass(?:es|ed)?|go by|went by|on)\\b`, 'i');
  const after = new RegExp(`\\b(?:after|within)\\s+(?:another\\s+)?${COUNT}\\s+${UNIT}\\b`, 'i');
  const nextDay =
    /\b(?:the\s+)?(?:next|following)\s+(?:day|morning|dawn|evening|night|afternoon)\b|\b(?:the\s+)?(?:morning|day)\s+after\b|\bat\s+dawn\s+the\s+next\b|\bnext\s+day\b/i;
  const dayBefore = /\bthe\s+(?:day|night)\s+before\b|\bthe\s+previous\s+(?:day|night)\b/i;
  const moonPhrase = /\b(?:on|at|under|by|until|during)\s+the\s+(next\s+)?(new|full)\s+moon(?:\s+of\s+([\p{Lu}][\p{L}'’-]+))?/iu;

  /** The first day after `from` (or on it, unless `strictly`) a moon enters the phase. */
  function moonDay(from: number, phase: 'New Moon' | 'Full Moon', moonName: string | undefined, strictly: boolean): number | null {
    const phasesOn = (day: number) => calendar.moonPhases(day);
    const first = phasesOn(from);
    if (first.length === 0) return null;
    const which = Math.max(0, moonName ? first.findIndex((moon) => moon.moon.toLowerCase() === moonName.toLowerCase()) : 0);
    for (let day = strictly ? from + 1 : from; day <= from + 1000 && day <= calendar.maxDay; day += 1) {
      const today = phasesOn(day)[which];
      const yesterday = phasesOn(day - 1)[which];
      if (today.phase === phase && yesterday.phase !== phase) return day;
    }
    return null;
  }

  /** A date the passage gives, or one it counts from `context` (the date before it), or null. */
  return function read(text: string, context: number | null): DateFound | null {
    const named = absolute(text, context);
    if (named) return { day: named.day, absolute: true };
    if (context === null) return null;
    const clamp = (day: number) => Math.max(calendar.minDay, Math.min(calendar.maxDay, day));
    const counted = later.exec(text) ?? after.exec(text);
    if (counted) return { day: clamp(context + countValue(counted[1]) * unitDays(counted[2], context)), absolute: false };
    if (nextDay.test(text)) return { day: clamp(context + 1), absolute: false };
    if (dayBefore.test(text)) return { day: clamp(context - 1), absolute: false };
    const moon = moonPhrase.exec(text);
    if (moon) {
      const day = moonDay(context, moon[2].toLowerCase() === 'new' ? 'New Moon' : 'Full Moon', moon[3], Boolean(moon[1]));
      if (day !== null) return { day, absolute: false };
    }
    return null;
  };
}

export type DateReader = ReturnType<typeof createDateReader>;
