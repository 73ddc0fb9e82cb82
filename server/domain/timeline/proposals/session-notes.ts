/**
 * The offline engine for session notes -> proposed events. It reads the text's structure
 * (timestamped log lines, "Session 12" headings, bullets and paragraphs), skips the table talk
 * (table-talk.ts), dates each passage in the campaign's calendar (in-world-dates.ts), and takes
 * people and places from capitalised names and the words around them. Every proposal cites the
 * passage it came from by character offsets.
 */
import type { Calendar } from '../../../../contract/calendar';
import type { EventType } from '../../../../contract/timeline';
import { chatLineOf, isChatTalk, isTranscript } from './chat-transcript';
import { createDateReader, type DateReader } from './in-world-dates';
import { isTableTalk } from './table-talk';

export interface ProposalDraft {
  title: string;
  description: string;
  /** An in-world day found in the text, or null: then the session's place in order decides. */
  day: number | null;
  /** The day was not written in the text: it comes from the session's order. */
  estimated: boolean;
  /** 0-based order of the session the passage belongs to, within the document. */
  session: number;
  event_type: EventType;
  participants: string[];
  location: string;
  quote: string;
  start: number;
  end: number;
}

interface Entry {
  text: string;
  start: number;
  session: number;
  /** A heading: read for its date, never proposed. */
  heading?: boolean;
  /** A chat transcript's message: who said it, and whether it is the client's notice or a command. */
  chat?: { speaker: string; notice: boolean };
}

const LOG_LINE = /^\[(\d{4}-\d{2}-\d{2})[ T]\d{1,2}:\d{2}(?::\d{2})?\]\s*/;
const SESSION_HEADING = /^(#{1,6}\s*)?(session|episode|game)\s+#?\d+\b/i;

/** Splits the document into passages, with the session each belongs to. */
export function sessionEntries(content: string): Entry[] {
  const entries: Entry[] = [];
  let session = -1;
  let lastLogDate: string | null = null;
  let offset = 0;
  let paragraph: { text: string; start: number; chat?: Entry['chat'] } | null = null;
  const flush = () => {
    if (paragraph && paragraph.text.trim()) {
      entries.push({ text: paragraph.text.trim(), start: paragraph.start, session: Math.max(0, session), chat: paragraph.chat });
    }
    paragraph = null;
  };
  const rawLines = content.split('\n');
  const transcript = isTranscript(rawLines);
  for (const rawLine of rawLines) {
    const lineStart = offset;
    offset += rawLine.length + 1;
    const line = rawLine.replace(/\r$/, '');
    const chat = transcript ? chatLineOf(line) : null;
    if (chat) {
      // A message runs on over the lines without a speaker that follow it (a roll's result, a long post).
      flush();
      if (chat.date && chat.date !== lastLogDate) {
        session += 1;
        lastLogDate = chat.date;
      }
      const body = line.slice(chat.bodyAt);
      paragraph = { text: body.trimEnd(), start: lineStart + chat.bodyAt, chat: { speaker: chat.speaker, notice: chat.notice } };
      continue;
    }
    const log = LOG_LINE.exec(line);
    if (log) {
      flush();
      const body = line.slice(log[0].length);
      if (log[1] !== lastLogDate || /\bsession\s+\d+\b.*\b(begins|starts)\b/i.test(body)) {
        if (log[1] !== lastLogDate || session < 0) session += 1;
        lastLogDate = log[1];
      }
      if (body.trim()) entries.push({ text: body.trim(), start: lineStart + log[0].length + (body.length - body.trimStart().length), session });
      continue;
    }
    const headingText = line.replace(/^\s*#{1,6}\s*/, '').trim();
    if (SESSION_HEADING.test(line.trim())) {
      flush();
      session += 1;
      entries.push({ text: headingText, start: lineStart, session, heading: true });
      continue;
    }
    if (/^\s*#{1,6}\s/.test(line) || line.trim() === '') {
      flush();
      if (headingText) entries.push({ text: headingText, start: lineStart, session: Math.max(0, session), heading: true });
      continue;
    }
    const bullet = /^(\s*(?:[-*+]|\d+[.)])\s+)/.exec(line);
    if (bullet) {
      flush();
      paragraph = { text: line.slice(bullet[1].length), start: lineStart + bullet[1].length };
      continue;
    }
    if (paragraph) paragraph.text += `\n${line}`;
    else paragraph = { text: line.trimStart(), start: lineStart + (line.length - line.trimStart().length) };
  }
  flush();
  return entries;
}

const TYPE_CUES: Array<[EventType, RegExp]> = [
  ['battle', /\b(combat|ambush\w*|battle|fight\w*|attack\w*|skirmish|duel|siege|knocked unconscious|slain|killed)\b/i],
  ['prophecy', /\b(vision|prophec\w*|omen|dream\w*|foretold|portent)\b/i],
  ['discovery', /\b(finds?|found|discover\w*|uncover\w*|ledger|map|secret|learns?)\b/i],
  ['npc_event', /\b(interrogat\w*|captured|negotiat\w*|parley|bargain\w*|betray\w*)\b/i],
];

export function eventTypeOf(text: string): EventType {
  for (const [type, cue] of TYPE_CUES) if (cue.test(text)) return type;
  return 'player_party';
}

const TITLES = new Set([
  'Harbourmaster',
  'Harbormaster',
  'Magistrate',
  'Captain',
  'Lord',
  'Lady',
  'Sir',
  'Dame',
  'King',
  'Queen',
  'Prince',
  'Princess',
  'Mayor',
  'Sheriff',
  'General',
  'Commander',
  'Master',
  'Mistress',
  'Warden',
  'Constable',
  'Baron',
  'Baroness',
  'Duke',
  'Duchess',
  'Count',
  'Countess',
  'High',
  'Elder',
]);
const PLACE_WORDS =
  /\b(Keep|Chapel|Library|Market|Tower|Castle|Hall|Harbou?r|Docks?|Temple|Shrine|City|Town|Village|Forest|Wood|Woods|Isle|Island|Mountains?|Peak|Pass|River|Lake|Sea|Bay|Inn|Tavern|Abbey|Citadel|Fort|Fortress|Ruins?|Cavern|Caves?|Mines?|Gate|Bridge|Road|Vale|Valley|Marsh|Swamp|Desert|Crypt|Tomb|Sanctum|Manor|Palace)\b$/;
const PLACE_CUE =
  /\b(in|at|to|toward|towards|into|beneath|under|near|from|reaches|reach|reached|arrives? (?:at|in)|enters?|leaves?|across|through|outside|inside|within)\s+(?:the\s+)?$/i;
const MOVEMENT = /\b(reach\w*|arriv\w*|enter\w*|travel\w* to|return\w* to|sail\w* to|ride\w* to|journey\w* to)\b/i;
const NAME_RUN = /\b[A-Z][\p{L}'’-]+(?:\s+(?:of\s+|the\s+)?[A-Z][\p{L}'’-]+)*/gu;
const GROUP_NOUN =
  /^\s+(zealots|cultists|guards|soldiers|knights|bandits|raiders|priests|members|agents|thugs|pirates|sailors|followers|troops|spies|acolytes|warriors)\b/i;
const SENTENCE_STARTERS = new Set([
  'The',
  'A',
  'An',
  'In',
  'At',
  'On',
  'After',
  'Before',
  'When',
  'Then',
  'Later',
  'Combat',
  'Interrogation',
  'Recap',
  'Session',
  'Loot',
  'XP',
  'Present',
]);

interface Names {
  people: string[];
  places: string[];
}

/** People and places named in a passage; `party` are the characters "the party" stands for. */
export function namesIn(text: string, party: string[]): Names {
  const people: string[] = [];
  const places: string[] = [];
  const add = (list: string[], name: string) => {
    if (name && !list.includes(name)) list.push(name);
  };
  for (const name of party) if (text.includes(name)) add(people, name);
  if (/\bthe party\b/i.test(text)) for (const name of party) add(people, name);

  for (const match of text.matchAll(NAME_RUN)) {
    let words = match[0].split(/\s+/);
    let start = match.index!;
    while (words.length > 0 && (SENTENCE_STARTERS.has(words[0]) || TITLES.has(words[0]))) {
      start += words[0].length + 1;
      words = words.slice(1);
    }
    if (words.length === 0) continue;
    const name = words.join(' ').replace(/['’]s$/, '');
    const before = text.slice(Math.max(0, start - 40), start);
    const after = text.slice(start + words.join(' ').length, start + words.join(' ').length + 20);
    if (party.some((member) => member.includes(name) || name.includes(member))) continue;
    if (PLACE_CUE.test(before) || PLACE_WORDS.test(name)) {
      add(places, name);
      continue;
    }
    // "the Pale Lantern watches", "Pale Lantern zealots": a faction or a thing, not a person.
    if (/\bthe\s+$/i.test(before) || GROUP_NOUN.test(after) || /\b(barge|ship|boat|vessel|shard|crown|sword)\s+$/i.test(before)) continue;
    if (words.length >= 2) add(people, name);
  }
  return { people, places };
}

/** "Present: Ilsa (Tamsin Reed), Bram (Orrin Vale)": the characters, in parentheses after their players. */
export function partyOf(content: string): string[] {
  const line = /\b(?:present|players?|party)\s*:\s*([^\n]+)/i.exec(content);
  if (!line) return [];
  const inParentheses = [...line[1].matchAll(/\(([^)]+)\)/g)].map((match) => match[1].trim());
  if (inParentheses.length > 0) return inParentheses;
  return line[1]
    .split(/,|\band\b/)
    .map((name) => name.trim().replace(/\.$/, ''))
    .filter(Boolean);
}

function titleOf(text: string): string {
  const labelled = /^([A-Z][\w' ]{0,24}):\s+(.*)$/s.exec(text);
  let body = labelled ? labelled[2] : text;
  body = body
    .split(/(?<=[.!?])\s|\s[—–]\s/)[0]
    .replace(/[.;:!]+$/, '')
    .trim();
  if (labelled && !/^(combat|note)$/i.test(labelled[1]) && !body.toLowerCase().includes(labelled[1].toLowerCase())) body = `${labelled[1]}: ${body}`;
  body = body.charAt(0).toUpperCase() + body.slice(1);
  if (body.length <= 100) return body;
  const cut = body.slice(0, 98);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : 98)}…`;
}

/**
 * Dates passages in order: a date the passage writes (or counts from the one before), else the
 * last date written in its session, else the day after the previous session, else `fallbackDay`;
 * the last two are estimates. Shared by both engines.
 */
export function dateInOrder(items: Array<{ text: string; session: number }>, read: DateReader, fallbackDay: number): Array<{ day: number; estimated: boolean }> {
  let last: number | null = null;
  let lastSession = -1;
  let lastFromText = false;
  return items.map((item) => {
    const found = read(item.text, last);
    if (found) {
      // A day counted from an estimate is an estimate too.
      const estimated = !found.absolute && !lastFromText;
      last = found.day;
      lastSession = item.session;
      lastFromText = !estimated;
      return { day: found.day, estimated };
    }
    if (last !== null && lastSession === item.session) return { day: last, estimated: !lastFromText };
    last = last === null ? fallbackDay : last + 1;
    lastSession = item.session;
    lastFromText = false;
    return { day: last, estimated: true };
  });
}

/** Whether an entry is a chat transcript's message of table talk (chat-transcript.ts), given the transcript's speakers. */
function chatTalkOf(entries: Entry[], read: DateReader, fallbackDay: number): (entry: Entry) => boolean {
  const speakers = new Set(entries.flatMap((entry) => (entry.chat?.speaker ? [entry.chat.speaker] : [])));
  const writesDate = (text: string) => read(text, fallbackDay) !== null;
  return (entry) => Boolean(entry.chat && (entry.chat.notice || isChatTalk(entry.text, speakers, writesDate)));
}

/**
 * Whether a passage (by its offsets) lies in a chat message that is table talk: a model's proposals
 * are held to the same structural reading of a transcript as the offline engine's.
 */
export function chatTalkSpans(content: string, calendar: Calendar, fallbackDay: number): (start: number, end: number) => boolean {
  const entries = sessionEntries(content);
  const isChatTalkEntry = chatTalkOf(entries, createDateReader(calendar), fallbackDay);
  const talk = entries.filter(isChatTalkEntry);
  return (start, end) => talk.some((entry) => start < entry.start + entry.text.length && end > entry.start);
}

/** Proposals from a document's text, in order. `fallbackDay` places passages no date reaches. */
export function proposeFromNotes(content: string, calendar: Calendar, fallbackDay: number): ProposalDraft[] {
  const party = partyOf(content);
  const drafts: ProposalDraft[] = [];
  const entries = sessionEntries(content);
  const read = createDateReader(calendar);
  const dates = dateInOrder(entries, read, fallbackDay);
  const isChatTalkEntry = chatTalkOf(entries, read, fallbackDay);
  let currentPlace: { session: number; name: string } | null = null;
  for (const [index, entry] of entries.entries()) {
    if (entry.heading) continue;
    const names = namesIn(entry.text, party);
    if (names.places.length > 0 && MOVEMENT.test(entry.text)) currentPlace = { session: entry.session, name: names.places[0] };
    if (isTableTalk(entry.text)) continue;
    if (isChatTalkEntry(entry)) continue;
    const location = names.places[0] ?? (currentPlace?.session === entry.session ? currentPlace.name : '');
    drafts.push({
      title: titleOf(entry.text),
      description: entry.text,
      day: dates[index].day,
      estimated: dates[index].estimated,
      session: entry.session,
      event_type: eventTypeOf(entry.text),
      participants: names.people.slice(0, 20),
      location: location.slice(0, 200),
      quote: entry.text,
      start: entry.start,
      end: entry.start + entry.text.length,
    });
  }
  return drafts;
}
