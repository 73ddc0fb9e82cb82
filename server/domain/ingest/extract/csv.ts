import { parse } from 'csv-parse/sync';
import { BlockBuilder } from './blocks';

/**
 * RFC 4180 fields (csv-parse): quoted fields may hold the delimiter, doubled quotes and line
 * breaks. Tables as people save them are read leniently: a quote inside an unquoted field is
 * kept as it is, rows may have more or fewer cells, a field may start with spaces before its
 * quote, and a quote left open runs to the end of the text.
 */
export function parseCsv(text: string, delimiter = detectDelimiter(text)): string[][] {
  const options = { delimiter, record_delimiter: ['\r\n', '\n', '\r'], relax_quotes: true, relax_column_count: true, ltrim: true };
  try {
    return parse(text, options) as string[][];
  } catch (error) {
    // A quote opened and never closed: the rest of the text is that field, as a spreadsheet reads it.
    if ((error as { code?: string }).code !== 'CSV_QUOTE_NOT_CLOSED') throw error;
    return parse(`${text}"`, options) as string[][];
  }
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
