import { Parser } from 'htmlparser2';
import type { BlockBuilder } from './blocks';

/** A paragraph being read: its text so far, its heading level, whether it is a list item. */
export interface OpenParagraph {
  text: string;
  level: number | undefined;
  list: boolean;
}

/** What a format reader does at each tag; the walk has already left out skipped elements. */
export interface ParagraphHandlers {
  onopen(name: string, attribs: Record<string, string>, walk: ParagraphWalk): void;
  onclose(name: string, walk: ParagraphWalk): void;
  /** The text of a character run, or undefined when this format does not take text here. */
  text(data: string, walk: ParagraphWalk): string | undefined;
}

/**
 * The paragraph and table walking Word and OpenDocument share: skipped elements (with all they
 * hold), paragraphs nested in paragraphs (text boxes, footnotes) emitted after their outer one,
 * and table cells collected into rows (only the outermost table becomes rows; paragraphs of a
 * nested table join their cell's text).
 */
export class ParagraphWalk {
  private readonly open: OpenParagraph[] = [];
  private readonly deferred: OpenParagraph[] = [];
  private tableDepth = 0;
  private cells: string[] = [];
  private cell: string[] | undefined;

  constructor(private readonly out: BlockBuilder) {}

  /** The innermost paragraph being read, if any. */
  get current(): OpenParagraph | undefined {
    return this.open[this.open.length - 1];
  }

  append(text: string): void {
    const p = this.current;
    if (p) p.text += text;
  }

  openParagraph(level?: number, list = false): void {
    this.open.push({ text: '', level, list });
  }

  closeParagraph(): void {
    const p = this.open.pop();
    if (!p) return;
    if (this.open.length > 0) this.deferred.push(p);
    else {
      this.emit(p);
      for (const d of this.deferred.splice(0)) this.emit(d);
    }
  }

  openTable(): void {
    if (this.tableDepth === 0) this.out.endTable();
    this.tableDepth++;
  }

  /** True in the outermost table, where rows and cells are collected. */
  get inOuterTable(): boolean {
    return this.tableDepth === 1;
  }

  openRow(): void {
    if (this.tableDepth === 1) this.cells = [];
  }

  openCell(): void {
    if (this.tableDepth === 1) this.cell = [];
  }

  closeCell(): void {
    if (this.tableDepth === 1 && this.cell) {
      this.cells.push(this.cell.join(' '));
      this.cell = undefined;
    }
  }

  closeRow(header: boolean): void {
    if (this.tableDepth === 1) this.out.tableRow(this.cells, header || undefined);
  }

  closeTable(): void {
    this.tableDepth--;
    if (this.tableDepth === 0) this.out.endTable();
  }

  private emit(p: OpenParagraph): void {
    if (this.cell && this.tableDepth > 0) this.cell.push(p.text);
    else if (p.level !== undefined) this.out.heading(p.text, p.level);
    else this.out.paragraph((p.list ? '- ' : '') + p.text);
  }

  /** Parses the XML part, calling the format's handlers for every element not under a skipped one. */
  static run(xml: string, skipped: ReadonlySet<string>, handlers: ParagraphHandlers, out: BlockBuilder): void {
    const walk = new ParagraphWalk(out);
    const stack: boolean[] = [];
    let skipDepth = 0;
    const parser = new Parser(
      {
        onopentag(name, attribs) {
          const skip = skipDepth > 0 || skipped.has(name);
          stack.push(skip);
          if (skip) skipDepth++;
          else handlers.onopen(name, attribs, walk);
        },
        ontext(data) {
          if (skipDepth > 0) return;
          const text = handlers.text(data, walk);
          if (text !== undefined) walk.append(text);
        },
        onclosetag(name) {
          if (stack.pop()) skipDepth--;
          else handlers.onclose(name, walk);
        },
      },
      { xmlMode: true, decodeEntities: true },
    );
    parser.write(xml);
    parser.end();
  }
}
