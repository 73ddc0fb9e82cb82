import { BlockBuilder } from './blocks';

/**
 * LaTeX source read as text with the markup removed: the preamble is dropped, sectioning
 * commands become headings, tables become rows, list items become '- ' paragraphs, formatting
 * commands keep their text, and TeX ligatures and escapes become the characters they print.
 * \input and \include are never followed.
 */

const HEADING_MARK = '\u0001';
const ROW_MARK = '\u0003';
const CELL_SEP = '\u0004';
const TABLE_END = '\u0005';

const SECTIONS = ['part', 'chapter', 'section', 'subsection', 'subsubsection', 'paragraph', 'subparagraph'];

/** Commands dropped with this many mandatory arguments (and any optional ones before them). */
const DROPPED: Record<string, number> = {
  label: 1,
  ref: 1,
  pageref: 1,
  autoref: 1,
  cref: 1,
  Cref: 1,
  eqref: 1,
  cite: 1,
  citep: 1,
  citet: 1,
  nocite: 1,
  index: 1,
  glossary: 1,
  includegraphics: 1,
  vspace: 1,
  hspace: 1,
  setlength: 2,
  addtolength: 2,
  setcounter: 2,
  addtocounter: 2,
  addcontentsline: 3,
  usepackage: 1,
  RequirePackage: 1,
  documentclass: 1,
  pagestyle: 1,
  thispagestyle: 1,
  bibliographystyle: 1,
  bibliography: 1,
  input: 1,
  include: 1,
  includeonly: 1,
  hypersetup: 1,
  urlstyle: 1,
  newcommand: 2,
  renewcommand: 2,
  providecommand: 2,
  newenvironment: 3,
  renewenvironment: 3,
  color: 1,
  fontsize: 2,
  linespread: 1,
  pdfbookmark: 2,
  tag: 1,
  cline: 1,
  cmidrule: 1,
  newpage: 0,
  clearpage: 0,
  definecolor: 3,
  graphicspath: 1,
  geometry: 1,
  title: 1,
  author: 1,
  date: 1,
  markboth: 2,
  markright: 1,
  pagenumbering: 1,
  captionsetup: 1,
  counterwithin: 2,
  raisebox: 1,
  rule: 2,
  vskip: 0,
};

/** Commands whose last argument is the text they print. */
const KEEP_LAST: Record<string, number> = {
  hypertarget: 2,
  href: 2,
  textcolor: 2,
  colorbox: 2,
  fcolorbox: 3,
  foreignlanguage: 2,
  makebox: 1,
  framebox: 1,
  parbox: 2,
  resizebox: 3,
  scalebox: 2,
};

const SYMBOLS: Record<string, string> = {
  ldots: '…',
  dots: '…',
  textellipsis: '…',
  textbackslash: '\\',
  textasciitilde: '~',
  textasciicircum: '^',
  S: '§',
  P: '¶',
  copyright: '©',
  textcopyright: '©',
  textregistered: '®',
  texttrademark: '™',
  pounds: '£',
  textsterling: '£',
  euro: '€',
  texteuro: '€',
  textendash: '–',
  textemdash: '—',
  textquoteleft: '‘',
  textquoteright: '’',
  textquotedblleft: '“',
  textquotedblright: '”',
  textbullet: '•',
  textdegree: '°',
  degree: '°',
  LaTeX: 'LaTeX',
  TeX: 'TeX',
  LaTeXe: 'LaTeX2e',
  times: '×',
  pm: '±',
  cdot: '·',
  leq: '≤',
  le: '≤',
  geq: '≥',
  ge: '≥',
  neq: '≠',
  ne: '≠',
  infty: '∞',
  approx: '≈',
  rightarrow: '→',
  to: '→',
  leftarrow: '←',
  ss: 'ß',
  ae: 'æ',
  AE: 'Æ',
  oe: 'œ',
  OE: 'Œ',
  o: 'ø',
  O: 'Ø',
  aa: 'å',
  AA: 'Å',
  l: 'ł',
  L: 'Ł',
  i: 'ı',
  j: 'ȷ',
  newline: '\n',
  linebreak: '\n',
  par: '\n\n',
  quad: ' ',
  qquad: ' ',
  enskip: ' ',
  thinspace: ' ',
  textunderscore: '_',
  textbar: '|',
  textless: '<',
  textgreater: '>',
  slash: '/',
  checkmark: '✓',
  minus: '−',
};

const ACCENTS: Record<string, string> = {
  "'": '\u0301',
  '`': '\u0300',
  '^': '\u0302',
  '"': '\u0308',
  '~': '\u0303',
  '=': '\u0304',
  '.': '\u0307',
  u: '\u0306',
  v: '\u030c',
  H: '\u030b',
  c: '\u0327',
  k: '\u0328',
  r: '\u030a',
  d: '\u0323',
  b: '\u0331',
};

const TABLE_ENVS = new Set(['tabular', 'tabular*', 'tabularx', 'longtable', 'longtable*', 'supertabular', 'array', 'tabulary', 'xtabular']);
const VERBATIM_ENVS = new Set(['verbatim', 'verbatim*', 'lstlisting', 'minted', 'Verbatim', 'alltt']);
const TABLE_RULES = /\\(toprule|midrule|bottomrule|hline|endhead|endfirsthead|endfoot|endlastfoot|tabularnewline)\b|\\(cline|cmidrule)(\([^)]*\))?\{[^}]*\}/g;
const MAX_DEPTH = 200;

function stripComments(src: string): string {
  return src.replace(/(^|[^\\])((?:\\\\)*)%[^\n]*(\n[ \t]*)?/g, '$1$2');
}

function matching(src: string, open: number, openChar: string, closeChar: string): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === openChar) depth++;
    else if (c === closeChar && --depth === 0) return i;
  }
  return src.length;
}

class TexConverter {
  private readonly levels: Map<string, number>;

  constructor(body: string) {
    const used = SECTIONS.map((name) => new RegExp(`\\\\${name}\\*?\\s*[[{]`).test(body));
    const top = Math.max(0, used.indexOf(true));
    this.levels = new Map(SECTIONS.map((name, index) => [name, Math.min(6, Math.max(1, index - top + 1))]));
  }

  private skipSpace(src: string, i: number): number {
    while (i < src.length && /[ \t\n\r]/.test(src[i])) i++;
    return i;
  }

  private skipOptionals(src: string, i: number): number {
    for (;;) {
      const j = this.skipSpace(src, i);
      if (src[j] !== '[') return i;
      i = matching(src, j, '[', ']') + 1;
    }
  }

  /** The next argument: a braced group or a single character/command. */
  private readArg(src: string, i: number): [string, number] {
    const j = this.skipSpace(src, i);
    if (src[j] === '{') {
      const end = matching(src, j, '{', '}');
      return [src.slice(j + 1, end), end + 1];
    }
    if (src[j] === '\\') {
      let k = j + 1;
      while (k < src.length && /[a-zA-Z]/.test(src[k])) k++;
      return [src.slice(j, Math.max(k, j + 2)), Math.max(k, j + 2)];
    }
    return [src[j] ?? '', j + 1];
  }

  private inline(src: string, depth: number): string {
    return this.convert(src, depth + 1)
      .replace(/\s+/g, ' ')
      .trim();
  }

  convert(src: string, depth = 0): string {
    if (depth > MAX_DEPTH) return src.replace(/\\[a-zA-Z]+|[{}]/g, ' ');
    let out = '';
    let i = 0;
    const n = src.length;
    while (i < n) {
      const c = src[i];
      if (c === '\\') {
        const [text, next] = this.command(src, i, depth);
        out += text;
        i = next;
      } else if (c === '{') {
        const end = matching(src, i, '{', '}');
        out += this.convert(src.slice(i + 1, end), depth + 1);
        i = end + 1;
      } else if (c === '}' || c === '$') {
        i++;
      } else if (c === '~') {
        out += ' ';
        i++;
      } else if (c === '-') {
        if (src.startsWith('---', i)) (out += '—'), (i += 3);
        else if (src.startsWith('--', i)) (out += '–'), (i += 2);
        else (out += '-'), i++;
      } else if (c === '`') {
        if (src[i + 1] === '`') (out += '“'), (i += 2);
        else (out += '‘'), i++;
      } else if (c === "'" && src[i + 1] === "'") {
        out += '”';
        i += 2;
      } else if (c === '\n') {
        let j = i + 1;
        while (j < n && /[ \t\r]/.test(src[j])) j++;
        if (src[j] === '\n') {
          out += '\n\n';
          while (j < n && /\s/.test(src[j])) j++;
          i = j;
        } else {
          out += ' ';
          i++;
        }
      } else if (c === '&') {
        out += ' ';
        i++;
      } else {
        out += c;
        i++;
      }
    }
    return out;
  }

  private command(src: string, start: number, depth: number): [string, number] {
    let i = start + 1;
    const first = src[i];
    if (first === undefined) return ['', i];
    if (!/[a-zA-Z]/.test(first)) {
      i++;
      if (first === '\\') {
        if (src[i] === '*') i++;
        const j = this.skipSpace(src, i);
        if (src[j] === '[') i = matching(src, j, '[', ']') + 1;
        return ['\n', i];
      }
      if ('%&$#_{}'.includes(first)) return [first, i];
      if (first in ACCENTS) {
        const [arg, next] = this.readArg(src, i);
        return [this.accent(this.convert(arg, depth + 1), ACCENTS[first]), next];
      }
      if (first === '[' || first === ']' || first === '(' || first === ')') return [' ', i];
      if (first === ' ' || first === '\n') return [' ', i];
      return ['', i];
    }
    while (i < src.length && /[a-zA-Z]/.test(src[i])) i++;
    const name = src.slice(start + 1, i);
    const starred = src[i] === '*';

    if (this.levels.has(name)) {
      if (starred) i++;
      i = this.skipOptionals(src, i);
      const [title, next] = this.readArg(src, i);
      return [`\n\n${HEADING_MARK}${this.levels.get(name)}${this.inline(title, depth)}\n\n`, next];
    }
    if (name === 'begin') return this.environment(src, i, depth);
    if (name === 'end') return ['\n\n', this.readArg(src, i)[1]];
    if (name === 'item') {
      const j = this.skipSpace(src, i);
      if (src[j] === '[') {
        const end = matching(src, j, '[', ']');
        return [`\n\n- ${this.inline(src.slice(j + 1, end), depth)}: `, end + 1];
      }
      return ['\n\n- ', i];
    }
    if (name in DROPPED) {
      if (starred) i++;
      let next = this.skipOptionals(src, i);
      for (let k = 0; k < DROPPED[name]; k++) next = this.skipOptionals(src, this.readArg(src, next)[1]);
      return ['', next];
    }
    if (name in KEEP_LAST) {
      let next = i;
      let last = '';
      for (let k = 0; k < KEEP_LAST[name]; k++) {
        next = this.skipOptionals(src, next);
        [last, next] = this.readArg(src, next);
      }
      return [this.convert(last, depth + 1), next];
    }
    if (name === 'footnote') {
      const [note, next] = this.readArg(src, this.skipOptionals(src, i));
      return [` (${this.inline(note, depth)})`, next];
    }
    if (name === 'url' || name === 'nolinkurl') {
      const [url, next] = this.readArg(src, i);
      return [url, next];
    }
    if (name === 'verb') {
      const delim = src[i];
      const end = src.indexOf(delim, i + 1);
      return end < 0 ? ['', i + 1] : [src.slice(i + 1, end), end + 1];
    }
    if (name === 'caption') {
      const [caption, next] = this.readArg(src, this.skipOptionals(src, i));
      return [`\n\n${this.inline(caption, depth)}\n\n`, next];
    }
    if (name === 'texorpdfstring') {
      const [tex, afterTex] = this.readArg(src, i);
      return [this.convert(tex, depth + 1), this.readArg(src, afterTex)[1]];
    }
    if (name in ACCENTS && src[this.skipSpace(src, i)] === '{') {
      const [arg, next] = this.readArg(src, i);
      return [this.accent(this.convert(arg, depth + 1), ACCENTS[name]), next];
    }
    if (name in SYMBOLS) return [SYMBOLS[name], i];
    // Anything else (\textbf, \emph, \raggedright, ...) is dropped; a braced argument that follows keeps its text.
    return ['', i];
  }

  /** The accent on the first letter; a dotless i or j (\i, \j) takes it as a plain i or j. */
  private accent(base: string, mark: string): string {
    const letter = base[0] === 'ı' ? 'i' : base[0] === 'ȷ' ? 'j' : base.slice(0, 1);
    return (letter + mark).normalize('NFC') + base.slice(1);
  }

  private environment(src: string, i: number, depth: number): [string, number] {
    const [rawName, afterName] = this.readArg(src, i);
    const name = rawName.trim();
    const endTag = `\\end{${name}}`;
    let bodyEnd = this.findEnd(src, afterName, name);
    const after = bodyEnd < 0 ? src.length : bodyEnd + endTag.length;
    if (bodyEnd < 0) bodyEnd = src.length;

    if (name === 'document' || name === 'comment') {
      return name === 'comment' ? ['', after] : [this.convert(src.slice(afterName, bodyEnd), depth + 1), after];
    }
    if (VERBATIM_ENVS.has(name)) {
      let start = this.skipOptionals(src, afterName);
      if (name === 'minted') start = this.readArg(src, start)[1];
      return [`\n\n${src.slice(start, bodyEnd).replace(/\n\s*\n/g, '\n')}\n\n`, after];
    }
    let start = this.skipOptionals(src, afterName);
    if (TABLE_ENVS.has(name)) {
      const specs = name === 'tabularx' || name === 'tabular*' || name === 'tabulary' ? 2 : 1;
      for (let k = 0; k < specs; k++) start = this.readArg(src, start)[1];
      return [this.table(src.slice(start, bodyEnd), depth), after];
    }
    if (name === 'minipage') start = this.readArg(src, start)[1];
    if (name === 'multicols') start = this.readArg(src, start)[1];
    return [`\n\n${this.convert(src.slice(start, bodyEnd), depth + 1)}\n\n`, after];
  }

  private findEnd(src: string, from: number, name: string): number {
    const begin = `\\begin{${name}}`;
    const end = `\\end{${name}}`;
    let depth = 1;
    let i = from;
    for (;;) {
      const nextEnd = src.indexOf(end, i);
      if (nextEnd < 0) return -1;
      const nextBegin = src.indexOf(begin, i);
      if (nextBegin >= 0 && nextBegin < nextEnd) {
        depth++;
        i = nextBegin + begin.length;
        continue;
      }
      if (--depth === 0) return nextEnd;
      i = nextEnd + end.length;
    }
  }

  private table(body: string, depth: number): string {
    const rows: string[] = [];
    for (const row of this.splitTop(body.replace(TABLE_RULES, ' '), '\\\\')) {
      const cells = this.splitTop(row, '&').map((cell) => this.inline(cell, depth).replace(/[\u0001-\u0005]/g, ''));
      if (cells.some((cell) => cell !== '')) rows.push(ROW_MARK + cells.join(CELL_SEP));
    }
    return `\n\n${rows.join('\n\n')}\n\n${TABLE_END}\n\n`;
  }

  /** Splits at a separator that is not inside braces or an environment. */
  private splitTop(src: string, sep: string): string[] {
    const parts: string[] = [];
    let depth = 0;
    let envDepth = 0;
    let last = 0;
    for (let i = 0; i < src.length; i++) {
      if (src.startsWith('\\begin{', i)) envDepth++;
      else if (src.startsWith('\\end{', i)) envDepth--;
      const c = src[i];
      if (src.startsWith(sep, i) && depth === 0 && envDepth === 0 && (sep !== '&' || src[i - 1] !== '\\')) {
        parts.push(src.slice(last, i));
        i += sep.length - 1;
        last = i + 1;
        continue;
      }
      if (c === '\\') {
        i++;
        continue;
      }
      if (c === '{') depth++;
      else if (c === '}') depth--;
    }
    parts.push(src.slice(last));
    return parts;
  }
}

export function extractTex(source: string, out: BlockBuilder): void {
  let src = stripComments(source.replace(/\r\n?/g, '\n'));
  const begin = src.indexOf('\\begin{document}');
  if (begin >= 0) {
    const end = src.indexOf('\\end{document}', begin);
    src = src.slice(begin + '\\begin{document}'.length, end < 0 ? undefined : end);
  }
  const text = new TexConverter(src).convert(src);
  for (const piece of text.split(/\n[ \t]*\n/)) {
    const trimmed = piece.trim();
    if (!trimmed) continue;
    if (trimmed === TABLE_END) {
      out.endTable();
    } else if (trimmed.startsWith(HEADING_MARK)) {
      out.heading(trimmed.slice(2), Number(trimmed[1]));
    } else if (trimmed.startsWith(ROW_MARK)) {
      out.tableRow(trimmed.slice(1).split(CELL_SEP));
    } else {
      out.endTable();
      out.paragraph(trimmed.replace(/[\u0001-\u0005]/g, ''));
    }
  }
}
