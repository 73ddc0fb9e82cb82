import type { ExtractedBlock, ExtractedSection } from './types';

const SPACES = /[\s\u00A0\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g;
// Zero-width characters, soft hyphens and stray control characters carry no text.
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD\u0000-\u0008\u000E-\u001F\u007F]/g;

/** One line of running text: invisible characters dropped, whitespace runs folded to one space. */
export function cleanInline(text: string): string {
  return text.replace(INVISIBLE, '').replace(SPACES, ' ').trim();
}

/** For text kept as written (Markdown, logs, plain text): lines and their spacing survive; trailing spaces and blank lines do not. */
export function cleanLines(text: string): string {
  return text
    .split(/\r\n|[\n\r\u2028\u2029]/)
    .map((line) => line.replace(INVISIBLE, '').trimEnd())
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** Collects blocks in reading order; extractors call it as they walk their format. */
export class BlockBuilder {
  private readonly blocks: ExtractedBlock[] = [];
  private table = -1;
  private tableCount = 0;
  private rowsInTable = 0;
  /** Set by the PDF reader; every block gets it. */
  page: number | undefined;
  /** Set while a `:::gm` block is read; every block gets it. */
  gm = false;

  heading(text: string, level: number): void {
    const clean = cleanInline(text);
    if (!clean) return;
    this.endTable();
    const lvl = Math.min(6, Math.max(1, Math.round(level)));
    this.blocks.push(this.withPage({ kind: 'heading', text: clean, level: lvl }));
  }

  paragraph(text: string, options: { keepLines?: boolean } = {}): void {
    const clean = options.keepLines ? cleanLines(text) : cleanInline(text);
    if (!clean) return;
    this.endTable();
    this.blocks.push(this.withPage({ kind: 'paragraph', text: clean }));
  }

  /** Consecutive rows form one table until endTable() or another kind of block. The first row is its header unless told. */
  tableRow(cells: string[], header?: boolean): void {
    const clean = cells.map(cleanInline);
    while (clean.length > 0 && clean[clean.length - 1] === '') clean.pop();
    if (clean.every((c) => c === '')) return;
    if (this.table < 0) {
      this.table = this.tableCount++;
      this.rowsInTable = 0;
    }
    const isHeader = header ?? this.rowsInTable === 0;
    this.rowsInTable++;
    this.blocks.push(this.withPage({ kind: 'table-row', text: clean.join(' | '), cells: clean, table: this.table, header: isHeader }));
  }

  endTable(): void {
    this.table = -1;
  }

  pageBreak(page: number): void {
    this.endTable();
    this.blocks.push({ kind: 'page-break', text: '', page });
    this.page = page;
  }

  get length(): number {
    return this.blocks.length;
  }

  build(): ExtractedBlock[] {
    return this.blocks;
  }

  private withPage<T extends ExtractedBlock>(block: T): T {
    if (this.page !== undefined) block.page = this.page;
    if (this.gm) block.gm = true;
    return block;
  }
}

/** The plain text of a block list: blank lines between blocks, rows of a table on consecutive lines, pages split by a form feed. */
export function renderText(blocks: ExtractedBlock[]): string {
  let out = '';
  let previous: ExtractedBlock | undefined;
  for (const block of blocks) {
    if (block.kind === 'page-break') {
      if (out) out += '\n\f\n';
      previous = block;
      continue;
    }
    if (out && previous?.kind !== 'page-break') {
      const sameTable = block.kind === 'table-row' && previous?.kind === 'table-row' && previous.table === block.table;
      out += sameTable ? '\n' : '\n\n';
    }
    out += block.text;
    previous = block;
  }
  return out;
}

export function hasText(blocks: ExtractedBlock[]): boolean {
  return blocks.some((b) => b.kind !== 'page-break' && /[\p{L}\p{N}]/u.test(b.text));
}

/** The headings above the current point of a document, outermost first. */
export class HeadingTrail {
  private trail: { level: number; text: string }[] = [];

  enter(level: number, text: string): void {
    this.trail = this.trail.filter((h) => h.level < level);
    this.trail.push({ level, text });
  }

  path(): string[] {
    return this.trail.map((h) => h.text);
  }

  clone(): HeadingTrail {
    const copy = new HeadingTrail();
    copy.trail = [...this.trail];
    return copy;
  }
}

/** Every paragraph and table row with its page and the headings it sits under. */
export function sectionsOf(blocks: ExtractedBlock[]): ExtractedSection[] {
  const trail = new HeadingTrail();
  const sections: ExtractedSection[] = [];
  for (const block of blocks) {
    if (block.kind === 'heading') trail.enter(block.level, block.text);
    else if (block.kind !== 'page-break') {
      const section: ExtractedSection = { text: block.text, headingPath: trail.path() };
      if (block.page !== undefined) section.page = block.page;
      sections.push(section);
    }
  }
  return sections;
}
