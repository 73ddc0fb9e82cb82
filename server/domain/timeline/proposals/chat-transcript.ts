/**
 * Chat transcripts (a Discord export, a Roll20 chat log, an IRC log) read by their structure:
 * each line is a message with a real-world timestamp, a speaker and a body. Most of what is said
 * at a virtual table is talk between the people playing; what tells of the world is the narration,
 * and it is recognised by its form, never by a list of phrases:
 * - the client's own notices (joins, quits, "Log opened") and chat commands (`/roll`) are not speech;
 * - a roll's result is a number standing on its own ("14 lol", "... 6.", "= 21");
 * - out of character is marked (`((…))`, `// …`: table-talk.ts, as in any notes);
 * - reactions are short, asked ("?"), or carry an emoticon;
 * - narration names something in the world: a name that is not one of the table's speakers
 *   (a roll call names only them), or a date in the campaign's calendar.
 */

export interface ChatLine {
  /** The real-world date of the timestamp, when it writes one (a new date is a new session). */
  date: string | null;
  speaker: string;
  /** A notice of the chat client or a chat command: never speech about the world. */
  notice: boolean;
  /** Where the body starts in the line. */
  bodyAt: number;
}

const TIMESTAMP = /^\s*\[?\s*((\d{4}-\d{2}-\d{2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4})?[ T,]*\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp]\.?[Mm]\.?)?)\s*\]?\s+/;
/** `<nick>` (IRC, with a channel mode such as `@`), `* nick` (an IRC action). */
const IRC_SPEAKER = /^<[@+%~&]?([^<>\s]{1,32})>\s?|^\*\s+([^\s*]{1,32})\s+/;
/** `Name:` or `Name (GM):` (Discord, Roll20): one to three words of a name, then a colon. */
const NAMED_SPEAKER = /^([\p{L}\d][\p{L}\d_.'’#-]*(?: [\p{L}\d][\p{L}\d_.'’#-]*){0,2})(?:\s*\([^()\n]{1,12}\))?:\s+/u;
/** A line the client writes: `-!- nick has joined`, `--- Log opened`, `*** nick quit`. */
const CLIENT_NOTICE = /^(?:-!-|\*{3}|-{2,3}>?|<-{2,3}|={2,})\s/;
/** A chat command other than an emote: `/roll 1d20`, `/gmroll`, `/w`. */
const COMMAND = /^\/(?!me\b|em\b)[a-z]+\b/i;

/** Reads one line of a chat transcript; null when the line has no speaker (a heading, a roll's continuation). */
export function chatLineOf(line: string): ChatLine | null {
  const time = TIMESTAMP.exec(line);
  const at = time ? time[0].length : 0;
  const rest = line.slice(at);
  const date = time?.[2] ?? null;
  if (CLIENT_NOTICE.test(rest)) return { date, speaker: '', notice: true, bodyAt: at };
  const irc = IRC_SPEAKER.exec(rest);
  // An action (`* nick draws`) keeps the nick in its body: "brask grabs a snack".
  if (irc) return { date, speaker: irc[1] ?? irc[2], notice: false, bodyAt: at + (irc[1] ? irc[0].length : 2) };
  const named = NAMED_SPEAKER.exec(rest);
  if (!named) return null;
  const body = rest.slice(named[0].length);
  return { date, speaker: named[1], notice: COMMAND.test(body), bodyAt: at + named[0].length };
}

/**
 * Whether the lines are a chat transcript: at least two speakers each say several things, and
 * speakers' lines are most of the text. Notes with a few labelled lines ("Recap:", "XP:") are not.
 */
export function isTranscript(lines: string[]): boolean {
  const counts = new Map<string, number>();
  let filled = 0;
  let spoken = 0;
  for (const line of lines) {
    if (!line.trim()) continue;
    filled += 1;
    const chat = chatLineOf(line);
    if (!chat) continue;
    spoken += 1;
    if (chat.speaker) counts.set(chat.speaker, (counts.get(chat.speaker) ?? 0) + 1);
  }
  const recurring = [...counts.values()].filter((count) => count >= 2).length;
  return recurring >= 2 && spoken * 2 >= filled;
}

/** Messages shorter than this are reactions ("sure thing", "back! what did i miss"), never narration. */
const MIN_NARRATION_WORDS = 5;

/** A clause that is a number, perhaps with one lowercase word after it ("14 lol", "... 6. rip", "= 21"): a die's result. */
const ROLL_RESULT_CLAUSE = /^\d{1,3}(?:\s+\p{Ll}+)?$/u;
const isRollResult = (text: string) => text.split(/\.{2,}|[…!,;=]|\.(?!\d)/).some((clause) => ROLL_RESULT_CLAUSE.test(clause.trim()));
const EMOTICON = /(?:^|\s)(?:[:;=]-?[()DPpO/\\|]|<3|o\/|\\o|xD)(?=\s|$)|\p{Extended_Pictographic}/u;

/**
 * Whether a chat message is talk at the table rather than narration of the world (beyond what
 * table-talk.ts finds in any notes).
 * `speakers` are the transcript's speakers; `datesIn` says whether the text writes an in-world date.
 */
export function isChatTalk(body: string, speakers: Set<string>, datesIn: (text: string) => boolean): boolean {
  const text = body.trim();
  if (COMMAND.test(text) || isRollResult(text) || EMOTICON.test(text) || /\?(?:\s|$)/.test(text)) return true;
  if (text.split(/\s+/).filter((word) => /[\p{L}\d]/u.test(word)).length < MIN_NARRATION_WORDS) return true;
  return !namesTheWorld(text, speakers) && !datesIn(text);
}

/** A capitalised name within a sentence (not its first word, not "I") that is not one of the speakers. */
function namesTheWorld(text: string, speakers: Set<string>): boolean {
  const spoken = new Set([...speakers].flatMap((speaker) => speaker.toLowerCase().split(/[\s_.]+/)));
  for (const sentence of text.split(/(?<=[.!?…:;])\s+/)) {
    const words = sentence.split(/\s+/).slice(1);
    for (const word of words) {
      const name = word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '').replace(/['’]s$/, '');
      if (!/^\p{Lu}/u.test(name) || /^I(?:['’]\p{L}+)?$/u.test(name)) continue;
      if (!spoken.has(name.toLowerCase())) return true;
    }
  }
  return false;
}
