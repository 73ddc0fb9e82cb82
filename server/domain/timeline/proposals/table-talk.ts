/**
 * Lines of a session log that are about the game as it is played, not about the world: they
 * are never proposed as events. Three kinds, each recognised by what it speaks of rather than
 * by any world's vocabulary:
 * - marked out of character ("OOC:", "(out of character)", "meta:"), or by the marks players
 *   type for it: `((…))`, `[[…]]`, `// …`, a line wholly in parentheses or brackets;
 * - the people at the table: who came, breaks and food, scheduling the next game, the session's
 *   own start and end;
 * - the game's mechanics: dice and their results, rules calls, rewards (XP, levels, loot tallies).
 */

const LABELLED =
  /^\s*[([]?\s*(ooc|out[- ]of[- ]character|meta|table ?talk|recap|previously|present|absent|attendance|players?|cast|xp|experience|loot|treasure|rewards?|notes?|todo|housekeeping|scheduling|next (?:time|session))\b[^:\n]{0,20}[:)\]]/i;

const OUT_OF_CHARACTER = /\b(out[- ]of[- ]character|OOC)\b/i;
const OUT_OF_CHARACTER_MARK = /^\s*(?:\(\(|\[\[|\/\/)|^\s*\((?:[^()]|\([^()]*\))*\)[.!]?\s*$|^\s*\[[^\]]*\][.!]?\s*$/;

const AT_THE_TABLE =
  /\b(absent|couldn['’]?t make it|could not make it|joined (?:us )?late|left early|(?:pizza|snack|dinner|coffee|bathroom|smoke) break|break (?:for|to)|(?:took|take|taking) a break|(?:stopped|paused|broke) for (?:pizza|food|snacks|dinner|the night)|ordered (?:pizza|food)|next session|reschedul\w*|(?:on|over) (?:discord|zoom|roll20|foundry)|session (?:ended|ends|wrapped) early|the (?:dm|gm) (?:ruled|allowed|said)|rules? (?:lookup|question|debate))\b/i;

const MECHANICS =
  /\b(\d*d(?:4|6|8|10|12|20|100)\b|nat(?:ural)?\s*(?:1|20)s?\b|rolled (?:a |an |three |two |four |\d+ )?(?:\d+|natural|nat|crit\w*|twent\w+|ones)|critical (?:hit|fail\w*)|initiative|saving throws?|(?:ability|skill) checks?|hit points|\d+\s*hp\b|xp\b|experience points|level(?:l)?ed up|reached level \d+|spell slots?|advantage on|disadvantage on)/i;

const SESSION_BOUNDARY = /\b(session|game)\b[^.]*\b(begins|starts|started|ends|ended|over|wraps)\b/i;

/** Whether a passage is table talk rather than something that happened in the world. */
export function isTableTalk(text: string): boolean {
  return (
    LABELLED.test(text) ||
    OUT_OF_CHARACTER.test(text) ||
    OUT_OF_CHARACTER_MARK.test(text) ||
    AT_THE_TABLE.test(text) ||
    SESSION_BOUNDARY.test(text) ||
    MECHANICS.test(text)
  );
}
