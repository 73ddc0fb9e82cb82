import { BlockBuilder } from './blocks';
import { extractPlainText } from './text';

/**
 * JSON rendered for reading: keys holding objects or lists become headings, scalar fields
 * become 'key: value' lines, strings in lists become paragraphs.
 * Broken JSON (e.g. cut off) is not refused: it is read as plain text, since a game master
 * who uploads notes in a damaged .json still wants the words searchable.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const PROSE_KEYS = new Set(['content', 'contents', 'text', 'body', 'paragraphs', 'description', 'desc', 'entries', 'table', 'rows']);
const NAME_KEYS = ['name', 'title', 'heading', 'label'];
const MAX_DEPTH = 64;

const isScalar = (v: Json): v is null | boolean | number | string => v === null || typeof v !== 'object';
const scalarText = (v: null | boolean | number | string) => (v === null ? '' : String(v));
const isProse = (s: string) => s.length > 80 || s.trim().split(/\s+/).length > 10;

/**
 * Data that reads best as a table: a list of flat records, or an object of equally long
 * columns ({"Level": [1, 2], "Effect": ["...", "..."]}). Returns header row first.
 */
function asTable(value: Json): string[][] | undefined {
  if (Array.isArray(value)) {
    if (value.length < 2) return undefined;
    const records = value.filter((v): v is { [key: string]: Json } => v !== null && typeof v === 'object' && !Array.isArray(v));
    if (records.length !== value.length || !records.every((r) => Object.values(r).every(isScalar))) return undefined;
    const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
    if (columns.length < 2 || columns.length > 12) return undefined;
    if (records.some((r) => Object.values(r).some((v) => typeof v === 'string' && v.length > 200))) return undefined;
    return [columns, ...records.map((r) => columns.map((c) => (r[c] === undefined ? '' : scalarText(r[c] as null | string))))];
  }
  if (value === null || typeof value !== 'object') return undefined;
  const columns = Object.entries(value);
  if (columns.length < 2 || columns.length > 12) return undefined;
  if (!columns.every(([, v]) => Array.isArray(v) && v.length > 0 && v.every(isScalar))) return undefined;
  const length = (columns[0][1] as Json[]).length;
  if (!columns.every(([, v]) => (v as Json[]).length === length)) return undefined;
  const rows = Array.from({ length }, (_, i) => columns.map(([, v]) => scalarText((v as Json[])[i] as null | string)));
  return [columns.map(([k]) => k), ...rows];
}

/** Every scalar under a value, walked without recursion (for absurdly deep nesting). */
function leaves(value: Json): string[] {
  const out: string[] = [];
  const stack: Json[] = [value];
  while (stack.length) {
    const v = stack.pop() as Json;
    if (isScalar(v)) {
      if (v !== null) out.push(String(v));
    } else {
      const children = Array.isArray(v) ? v : Object.values(v);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
  return out;
}

class JsonRenderer {
  private fields: string[] = [];

  constructor(private readonly out: BlockBuilder) {}

  render(value: Json, level: number, depth: number): void {
    const table = asTable(value);
    if (table) {
      this.flushFields();
      table.forEach((row, index) => this.out.tableRow(row, index === 0));
      this.out.endTable();
      return;
    }
    if (depth > MAX_DEPTH) {
      this.flushFields();
      this.out.paragraph(leaves(value).join(' '));
      return;
    }
    if (isScalar(value)) {
      this.flushFields();
      this.out.paragraph(scalarText(value));
    } else if (Array.isArray(value)) this.renderArray(value, level, depth);
    else this.renderObject(value, level, depth);
    this.flushFields();
  }

  private renderObject(obj: { [key: string]: Json }, level: number, depth: number): void {
    for (const [key, value] of Object.entries(obj)) {
      if (isScalar(value)) {
        const text = scalarText(value);
        if (typeof value === 'string' && isProse(value)) {
          this.flushFields();
          this.out.paragraph(PROSE_KEYS.has(key.toLowerCase()) ? text : `${key}: ${text}`);
        } else this.fields.push(`${key}: ${text}`);
        continue;
      }
      if (Array.isArray(value) && value.every(isScalar)) {
        const strings = value.map(scalarText);
        if (strings.some(isProse)) {
          this.flushFields();
          if (!PROSE_KEYS.has(key.toLowerCase())) this.out.heading(key, level);
          for (const s of strings) this.out.paragraph(s);
        } else this.fields.push(`${key}: ${strings.join(', ')}`);
        continue;
      }
      this.flushFields();
      if (!PROSE_KEYS.has(key.toLowerCase())) this.out.heading(key, level);
      this.render(value, level + 1, depth + 1);
    }
  }

  private renderArray(items: Json[], level: number, depth: number): void {
    for (const item of items) {
      if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
        const nameKey = NAME_KEYS.find((k) => typeof item[k] === 'string' || typeof item[k] === 'number');
        this.flushFields();
        if (nameKey) {
          this.out.heading(String(item[nameKey]), level);
          const rest = { ...item };
          delete rest[nameKey];
          this.render(rest, level + 1, depth + 1);
        } else this.render(item, level, depth + 1);
      } else this.render(item, level, depth + 1);
    }
  }

  private flushFields(): void {
    if (this.fields.length) this.out.paragraph(this.fields.join('\n'), { keepLines: true });
    this.fields = [];
  }
}

export function extractJson(text: string, out: BlockBuilder): void {
  let parsed: Json;
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    extractPlainText(text, out);
    return;
  }
  new JsonRenderer(out).render(parsed, 1, 0);
}
