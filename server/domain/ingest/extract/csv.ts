import { BlockBuilder } from './blocks';

/**
 * RFC 4180 fields: quoted fields may hold the delimiter, doubled quotes and line breaks. Each
 * field is cut out of the text in runs (not built a character at a time: on a 4 MB table that
 * made millions of one-character strings, and the reading process's peak doubled).
 */
export function parseCsv(text: string, delimiter = detectDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  // The field so far: `field`, then the text from `from` up to the current character.
  let field = '';
  let from = 0;
  let quoted = false;
  let i = 0;
  const n = text.length;
  const pending = () => field + text.slice(from, i);
  while (i < n) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        field = pending();
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
        from = i + 1;
      }
      i++;
      continue;
    }
    if (c === '"' && pending().trim() === '') {
      quoted = true;
      field = '';
      from = i + 1;
    } else if (c === delimiter) {
      row.push(pending());
      field = '';
      from = i + 1;
    } else if (c === '\n' || c === '\r') {
      row.push(pending());
      rows.push(row);
      row = [];
      field = '';
      if (c === '\r' && text[i + 1] === '\n') i++;
      from = i + 1;
    }
    i++;
  }
  const last = pending();
  if (last !== '' || row.length > 0) {
    row.push(last);
    rows.push(row);
  }
  return rows;
}

/** The candidate that splits the first line (outside quotes) most often. */
export function detectDelimiter(text: string): string {
  const firstLine: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length && i < 65536; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted) firstLine.push(c);
  }
  let best = ',';
  let bestCount = 0;
  for (const candidate of [',', ';', '\t', '|']) {
    const count = firstLine.filter((c) => c === candidate).length;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/** The first row is the header; every row becomes a table-row block, cells joined by ' | '. */
export function extractCsv(text: string, out: BlockBuilder): void {
  let first = true;
  for (const row of parseCsv(text)) {
    if (row.every((cell) => cell.trim() === '')) continue;
    out.tableRow(row, first);
    first = false;
  }
  out.endTable();
}
