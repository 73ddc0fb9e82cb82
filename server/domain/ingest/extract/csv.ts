import { BlockBuilder } from './blocks';

/** RFC 4180 fields: quoted fields may hold the delimiter, doubled quotes and line breaks. */
export function parseCsv(text: string, delimiter = detectDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i++;
      continue;
    }
    if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else field += c;
    i++;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
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
