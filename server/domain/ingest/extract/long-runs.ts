/**
 * Limits on what is not prose: a base64 blob (an image pasted into Markdown as a data: URI, a
 * file dumped as base64) is skipped and replaced by a short marker; a "word" longer than
 * MAX_WORD_CHARS (a URL, a line without spaces) is kept, and the chunker cuts it into passages.
 * Both are counted so the job's message can say what was done. One linear pass per text.
 */

export const MAX_WORD_CHARS = 1_000;
/** A bare run of the base64 alphabet at least this long (with digits and both cases) is taken for a blob. */
const MIN_BARE_BLOB_CHARS = 1_000;
/** Inside a data: URI the payload is a blob from this length on. */
const MIN_DATA_URI_CHARS = 100;

/** What limitLongRuns skipped and cut, counted over a document's texts; the counters are named here once. */
export function emptyLongRunReport() {
  return { skippedBlobs: 0, skippedBlobChars: 0, cutWords: 0, longestWordChars: 0 };
}
export type LongRunReport = ReturnType<typeof emptyLongRunReport>;

const marker = (chars: number) => `[skipped: ${formatSize(chars)} of base64 data]`;

const MARKER = /\[skipped: [^\]]{1,40} of base64 data\]/g;

/** The text without the markers left for skipped blobs, to tell whether anything readable remains. */
export function withoutBlobMarkers(text: string): string {
  return text.replace(MARKER, ' ');
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d || c === 0x0c || c === 0xa0;
const isBase64Char = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2f;

/**
 * The text with base64 blobs replaced by a marker; what was skipped and what is too long is added
 * to `report`. A hand-written scan (no regular expression): a 50 MB run must not exhaust the stack.
 */
export function limitLongRuns(text: string, report: LongRunReport): string {
  const parts: string[] = [];
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    const runStart = i;
    while (i < text.length && !isSpace(text.charCodeAt(i))) i++;
    // Ordinary words are passed over; only a run longer than the limit is looked into.
    if (i - runStart <= MAX_WORD_CHARS) continue;
    let longestKept = 0;
    let keptStart = runStart;
    let j = runStart;
    while (j < i) {
      if (!isBase64Char(text.charCodeAt(j))) {
        j++;
        continue;
      }
      const segmentStart = j;
      let digit = false;
      let upper = false;
      let lower = false;
      while (j < i && isBase64Char(text.charCodeAt(j))) {
        const c = text.charCodeAt(j);
        if (c <= 0x39 && c >= 0x30) digit = true;
        else if (c >= 0x41 && c <= 0x5a) upper = true;
        else if (c >= 0x61 && c <= 0x7a) lower = true;
        j++;
      }
      while (j < i && text.charCodeAt(j) === 0x3d) j++; // "=" padding
      const length = j - segmentStart;
      const inDataUri = text.startsWith(';base64,', segmentStart - 8);
      const blob = (inDataUri && length >= MIN_DATA_URI_CHARS) || (length >= MIN_BARE_BLOB_CHARS && digit && upper && lower);
      if (!blob) continue;
      longestKept = Math.max(longestKept, segmentStart - keptStart);
      parts.push(text.slice(copied, segmentStart), marker(length));
      copied = j;
      keptStart = j;
      report.skippedBlobs++;
      report.skippedBlobChars += length;
    }
    longestKept = Math.max(longestKept, i - keptStart);
    if (longestKept > MAX_WORD_CHARS) {
      report.cutWords++;
      report.longestWordChars = Math.max(report.longestWordChars, longestKept);
    }
  }
  if (copied === 0) return text;
  parts.push(text.slice(copied));
  return parts.join('');
}

/** Sentences for the job's message, e.g. 'Skipped 1 embedded base64 blob (9.8 MB).'; empty when nothing was limited. */
export function describeLongRuns(report: LongRunReport): string[] {
  const notes: string[] = [];
  if (report.skippedBlobs) {
    const blobs = report.skippedBlobs === 1 ? '1 embedded base64 blob' : `${report.skippedBlobs.toLocaleString('en-US')} embedded base64 blobs`;
    notes.push(`Skipped ${blobs} (${formatSize(report.skippedBlobChars)}): not readable text.`);
  }
  if (report.cutWords) {
    const words = report.cutWords === 1 ? '1 unbroken run of text' : `${report.cutWords.toLocaleString('en-US')} unbroken runs of text`;
    notes.push(
      `Cut ${words} longer than ${MAX_WORD_CHARS.toLocaleString('en-US')} characters (the longest ${report.longestWordChars.toLocaleString('en-US')}) into passages.`,
    );
  }
  return notes;
}

function formatSize(chars: number): string {
  if (chars >= 1024 * 1024) return `${(chars / 1024 / 1024).toFixed(1)} MB`;
  if (chars >= 1024) return `${Math.round(chars / 1024)} KB`;
  return `${chars} characters`;
}
