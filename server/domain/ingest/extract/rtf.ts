import { BlockBuilder } from './blocks';
import { decodeCp1252 } from './decode';

/**
 * A small RTF reader: control words, groups, \'hh bytes in the document's ANSI code page
 * (cp1252 unless \ansicpg says otherwise), \uN characters with their \ucN fallbacks skipped.
 * Font tables, colour tables, style sheets, document info, pictures, headers, footers,
 * field instructions and every \* destination are skipped. \outlinelevelN paragraphs become
 * headings; \cell and \row build table rows.
 */

const SKIPPED_DESTINATIONS = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'object',
  'header',
  'headerl',
  'headerr',
  'headerf',
  'footer',
  'footerl',
  'footerr',
  'footerf',
  'xmlnstbl',
  'listtable',
  'listoverridetable',
  'rsidtbl',
  'generator',
  'themedata',
  'colorschememapping',
  'datastore',
  'latentstyles',
  'filetbl',
  'revtbl',
  'pgdsctbl',
  'fldinst',
  'nonshppict',
  'bkmkstart',
  'bkmkend',
  'userprops',
  'docvar',
  'mmathPr',
  'listtext',
  'pntext',
  'pntxta',
  'pntxtb',
]);

const CHARACTER_WORDS: Record<string, string> = {
  emdash: '—',
  endash: '–',
  bullet: '•',
  lquote: '‘',
  rquote: '’',
  ldblquote: '“',
  rdblquote: '”',
  emspace: ' ',
  enspace: ' ',
  qmspace: ' ',
  tab: '\t',
  line: '\n',
  zwj: '',
  zwnj: '',
};

interface GroupState {
  skip: boolean;
  uc: number;
  outline: number | undefined;
}

function codePageDecoder(codePage: number): (bytes: Uint8Array) => string {
  if (codePage === 1252) return decodeCp1252;
  try {
    const decoder = new TextDecoder(`windows-${codePage}`);
    return (bytes) => decoder.decode(bytes);
  } catch {
    try {
      const decoder = new TextDecoder(`cp${codePage}`);
      return (bytes) => decoder.decode(bytes);
    } catch {
      return decodeCp1252;
    }
  }
}

export function isRtf(bytes: Uint8Array): boolean {
  let i = 0;
  while (i < bytes.length && i < 16 && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  if (bytes[i] === 0xef && bytes[i + 1] === 0xbb && bytes[i + 2] === 0xbf) i += 3;
  return String.fromCharCode(...bytes.subarray(i, i + 5)) === '{\\rtf';
}

export function extractRtf(bytes: Uint8Array, out: BlockBuilder): void {
  const s = decodeCp1252(bytes);
  let decode = decodeCp1252;
  let state: GroupState = { skip: false, uc: 1, outline: undefined };
  const stack: GroupState[] = [];
  let groupStart = false;
  let fallbackToSkip = 0;
  let hex: number[] = [];
  let para = '';
  let cell = '';
  let cells: string[] = [];
  let rowOpen = false;

  const flushHex = () => {
    if (hex.length) {
      const text = decode(Uint8Array.from(hex));
      if (rowOpen) cell += text;
      else para += text;
    }
    hex = [];
  };
  const emit = (text: string) => {
    flushHex();
    if (state.skip) return;
    if (rowOpen) cell += text;
    else para += text;
  };
  const endParagraph = () => {
    flushHex();
    if (rowOpen) {
      cell += '\n';
      return;
    }
    if (state.outline !== undefined) out.heading(para, state.outline + 1);
    else out.paragraph(para);
    para = '';
  };
  const endRow = () => {
    flushHex();
    if (cell.trim()) cells.push(cell);
    if (cells.length) out.tableRow(cells);
    cells = [];
    cell = '';
    rowOpen = false;
  };

  let i = 0;
  const n = s.length;
  while (i < n) {
    const c = s[i];
    if (c === '{') {
      flushHex();
      stack.push(state);
      state = { ...state };
      groupStart = true;
      fallbackToSkip = 0;
      i++;
      continue;
    }
    if (c === '}') {
      flushHex();
      state = stack.pop() ?? state;
      groupStart = false;
      fallbackToSkip = 0;
      i++;
      continue;
    }
    if (c === '\\') {
      const next = s[i + 1];
      if (next === undefined) break;
      if (/[a-zA-Z]/.test(next)) {
        let j = i + 1;
        while (j < n && /[a-zA-Z]/.test(s[j])) j++;
        const word = s.slice(i + 1, j);
        let k = j;
        if (s[k] === '-') k++;
        while (k < n && /[0-9]/.test(s[k])) k++;
        const param = k > j && s.slice(j, k) !== '-' ? Number(s.slice(j, k)) : undefined;
        if (s[k] === ' ') k++;
        i = k;
        const wasGroupStart = groupStart;
        groupStart = false;
        if (word !== 'u' && word !== 'bin') fallbackToSkip = 0;
        if (wasGroupStart && SKIPPED_DESTINATIONS.has(word)) {
          flushHex();
          state.skip = true;
          continue;
        }
        if (word === 'bin' && param) {
          i += param;
          continue;
        }
        if (state.skip) continue;
        switch (word) {
          case 'par':
          case 'sect':
          case 'page':
            endParagraph();
            break;
          case 'pard':
            state.outline = undefined;
            break;
          case 'outlinelevel':
            state.outline = param;
            break;
          case 'trowd':
          case 'intbl':
            flushHex();
            rowOpen = true;
            break;
          case 'cell':
          case 'nestcell':
            flushHex();
            cells.push(cell);
            cell = '';
            break;
          case 'row':
          case 'nestrow':
            endRow();
            break;
          case 'uc':
            state.uc = param ?? 1;
            break;
          case 'u':
            if (param !== undefined) {
              emit(String.fromCharCode(param < 0 ? param + 65536 : param));
              fallbackToSkip = state.uc;
            }
            break;
          case 'ansicpg':
            if (param) decode = codePageDecoder(param);
            break;
          default:
            if (word in CHARACTER_WORDS) emit(CHARACTER_WORDS[word]);
        }
        continue;
      }
      groupStart = false;
      if (next === "'") {
        const byte = parseInt(s.slice(i + 2, i + 4), 16);
        i += 4;
        if (fallbackToSkip > 0) {
          fallbackToSkip--;
          continue;
        }
        if (!state.skip && !Number.isNaN(byte)) hex.push(byte);
        continue;
      }
      i += 2;
      if (next === '*') {
        state.skip = true;
      } else if (next === '\\' || next === '{' || next === '}') emit(next);
      else if (next === '~') emit('\u00a0');
      else if (next === '_') emit('-');
      else if (next === '\n' || next === '\r') {
        if (!state.skip) endParagraph();
      }
      continue;
    }
    i++;
    if (c === '\n' || c === '\r') continue;
    groupStart = false;
    if (fallbackToSkip > 0) {
      fallbackToSkip--;
      continue;
    }
    emit(c);
  }
  flushHex();
  if (rowOpen || cells.length) endRow();
  if (para.trim()) endParagraph();
}
