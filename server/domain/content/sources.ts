import { CONTENT_SOURCES_HEADING } from '../../../contract/content';
import type { RetrievedPassage } from '../retrieval';

/** One numbered entry of a content's Sources section: what a marker [n] in the text points at. */
export interface SourceEntry {
  filename: string;
  /** Where in the file: heading path and/or page. */
  detail: string;
  quote: string;
}

const QUOTE_CHARACTERS = 220;
const ENTRY = /^(\d+)\.\s+\*\*(.+?)\*\*(?:\s+\(([^)]*)\))?\s+—\s+“([\s\S]*)”\s*$/;
const CONSULTED = /^Also consulted:\s*(.*)$/;
const MARKER = /\s?\[(\d{1,3})\](?!\()/g;

export function entryOf(passage: RetrievedPassage, quote: string): SourceEntry {
  const details = [passage.headingPath, passage.page ? `p. ${passage.page}` : ''].filter(Boolean);
  return { filename: passage.filename, detail: details.join(', '), quote: shorten(quote) };
}

function shorten(quote: string): string {
  const flat = quote.replace(/\*+/g, '').replace(/\s+/g, ' ').replace(/[“”]/g, '"').trim();
  return flat.length > QUOTE_CHARACTERS ? `${flat.slice(0, QUOTE_CHARACTERS - 1).trimEnd()}…` : flat;
}

/** The Sources section: numbered entries for the markers, then the other files the content was written from. */
export function renderSources(entries: SourceEntry[], consulted: string[]): string {
  const cited = new Set(entries.map((entry) => entry.filename));
  const others = [...new Set(consulted)].filter((name) => !cited.has(name));
  if (entries.length === 0 && others.length === 0) return '';
  const lines = [CONTENT_SOURCES_HEADING, ''];
  entries.forEach((entry, index) => {
    lines.push(`${index + 1}. **${entry.filename}**${entry.detail ? ` (${entry.detail})` : ''} — “${entry.quote}”`);
  });
  if (others.length > 0) {
    if (entries.length > 0) lines.push('');
    lines.push(`Also consulted: ${others.map((name) => `**${name}**`).join(', ')}`);
  }
  return lines.join('\n');
}

/** The content split at its (last) Sources section. */
export function splitSources(content: string): { body: string; entries: SourceEntry[]; consulted: string[] } {
  const at = content.lastIndexOf(`\n${CONTENT_SOURCES_HEADING}\n`);
  const start = at >= 0 ? at + 1 : content.startsWith(`${CONTENT_SOURCES_HEADING}\n`) ? 0 : -1;
  if (start < 0) return { body: content.trimEnd(), entries: [], consulted: [] };
  const entries: SourceEntry[] = [];
  const consulted: string[] = [];
  for (const line of content.slice(start + CONTENT_SOURCES_HEADING.length).split('\n')) {
    const entry = ENTRY.exec(line.trim());
    if (entry) {
      entries.push({ filename: entry[2], detail: entry[3] ?? '', quote: entry[4] });
      continue;
    }
    const also = CONSULTED.exec(line.trim());
    if (also) consulted.push(...[...also[1].matchAll(/\*\*(.+?)\*\*/g)].map((m) => m[1]));
  }
  return { body: content.slice(0, start).trimEnd(), entries, consulted };
}

/** File names a content names as its sources, cited ones first. */
export function sourcesOf(content: string): string[] {
  const { entries, consulted } = splitSources(content);
  return [...new Set([...entries.map((entry) => entry.filename), ...consulted])];
}

/** The content as the model should see an earlier version: no markers, no Sources section (its new citations are numbered afresh). */
export function withoutCitations(content: string): string {
  return splitSources(content).body.replace(MARKER, '');
}

/** The highest marker number used in a text. */
export function highestMarker(text: string): number {
  let highest = 0;
  for (const match of text.matchAll(MARKER)) highest = Math.max(highest, Number(match[1]));
  return highest;
}

/** The body and its Sources section as one Markdown text. */
export function withSources(body: string, entries: SourceEntry[], consulted: string[]): string {
  const section = renderSources(entries, consulted);
  return section ? `${body.trimEnd()}\n\n${section}\n` : `${body.trimEnd()}\n`;
}
