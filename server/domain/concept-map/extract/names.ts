/** Name normalisation: the identity of a concept is its key, not its spelling. */

const ARTICLES = new Set(['the', 'a', 'an']);

/** Leading titles dropped from keys: 'Captain Hollis Quenby' and 'Hollis Quenby' are one person. */
export const HONORIFICS = new Set(
  `captain capt magistrate brother sister lord lady sir dame king queen prince princess duke duchess baron baroness
  count countess earl master mistress father mother abbot abbess bishop archbishop cardinal elder saint dr doctor
  professor general commander sergeant lieutenant admiral marshal warden mayor chancellor harbourmaster harbormaster
  mr mrs ms miss emperor empress archmage magister inquisitor constable sheriff reeve chief chieftain steward regent
  priest priestess`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lowercase words allowed inside a name: 'Order of the Pale Lantern', 'Barrow of Ysolde'. */
export const NAME_CONNECTORS = new Set(['of', 'the', 'de', 'du', 'da', 'del', 'della', 'von', 'van', 'la', 'le', 'al', 'el']);

/** Lowercase, diacritics and punctuation folded; a final possessive dropped, an inner one kept ("gulls promise"). */
export function nameTokens(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/['’‘`]s$/u, '')
    .replace(/['’‘`]/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Drops leading articles and honorifics, never the whole name ('the Captain' stays 'captain'). */
export function stripLeadingTitles(tokens: string[]): string[] {
  let start = 0;
  const last = tokens.length - 1;
  for (;;) {
    if (start < last && ARTICLES.has(tokens[start])) {
      start += 1;
    } else if (start < last && HONORIFICS.has(tokens[start]) && !NAME_CONNECTORS.has(tokens[start + 1])) {
      start += 1;
    } else {
      break;
    }
  }
  return tokens.slice(start);
}

/** 'The Veiled Abbess' → 'veiled abbess'; 'Captain Hollis Quenby' → 'hollis quenby'; 'Gull’s Promise' → 'gulls promise'. */
export function normalizeKey(name: string): string {
  return stripLeadingTitles(nameTokens(name)).join(' ');
}

/** Tidies a name for display: markdown, surrounding punctuation, a final possessive and a leading 'The' removed. */
export function displayName(name: string): string {
  let text = name
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N})]+$/gu, '')
    .replace(/['’]s$/u, '');
  if (/^(the|a|an)\s+\S/i.test(text)) text = text.replace(/^(the|a|an)\s+/i, '');
  return text;
}

/** True when every significant word starts with a capital: 'Order of the Pale Lantern', not 'campaign lore'. */
export function isTitleCase(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return false;
  return words.every((word, index) => /^\p{Lu}/u.test(word) || (index > 0 && NAME_CONNECTORS.has(word.toLowerCase())));
}

/**
 * The display name of a concept from the spellings used for it: a full name over a part of it
 * ('Seraphine Vox' over 'Seraphine'), without a title where the text allows ('Hollis Quenby',
 * also derived from 'Magistrate Hollis Quenby'; but 'Brother Aldous', never 'Aldous'), then the most used.
 */
export function chooseName(forms: Map<string, number>): string {
  const candidates = new Map(forms);
  for (const [form, count] of forms) {
    const untitled = withoutLeadingTitles(form);
    if (untitled !== form && untitled.split(' ').length >= 2) candidates.set(untitled, (candidates.get(untitled) ?? 0) + count);
  }
  const keys = new Map([...candidates.keys()].map((form) => [form, normalizeKey(form).split(' ')]));
  const isPart = (form: string) => [...keys.entries()].some(([other, words]) => other !== form && words.length <= 3 && containsAtEdge(words, keys.get(form)!));
  const ranked = [...candidates.entries()].sort(
    ([a, countA], [b, countB]) =>
      Number(isUntitled(b)) - Number(isUntitled(a)) ||
      Number(isPart(a)) - Number(isPart(b)) ||
      Number(isShouted(a)) - Number(isShouted(b)) ||
      countB - countA ||
      b.length - a.length ||
      a.localeCompare(b),
  );
  return ranked[0][0];
}

function isUntitled(name: string): boolean {
  return nameTokens(name).join(' ') === normalizeKey(name);
}

function isShouted(name: string): boolean {
  return /\p{Lu}{2}/u.test(name) && name === name.toUpperCase();
}

/** 'Lady Seraphine Vox' → 'Seraphine Vox', keeping the spelling of the rest. */
function withoutLeadingTitles(name: string): string {
  const words = name.split(/\s+/);
  const kept = stripLeadingTitles(words.map((word) => nameTokens(word).join(' ')));
  return words.slice(words.length - kept.length).join(' ');
}

/** `part` is the start or the end of `whole`: 'Quenby' of 'Hollis Quenby'. */
function containsAtEdge(whole: string[], part: string[]): boolean {
  if (part.length >= whole.length) return false;
  const prefix = part.every((word, i) => whole[i] === word);
  const suffix = part.every((word, i) => whole[whole.length - part.length + i] === word);
  return prefix || suffix;
}

/** The other spellings, most used first, without case-only duplicates. */
export function aliasesOf(name: string, forms: Map<string, number>): string[] {
  const seen = new Set([name.toLowerCase()]);
  const aliases: string[] = [];
  for (const [form] of [...forms.entries()].sort((a, b) => b[1] - a[1])) {
    if (seen.has(form.toLowerCase())) continue;
    seen.add(form.toLowerCase());
    aliases.push(form);
  }
  return aliases;
}
