import { ACCEPTED_EXTENSIONS, type AcceptedExtension, typeLabel, typeLabelWithArticle } from './file-types';

export type ExtractionErrorCode = 'unsupported_type' | 'empty_file' | 'type_mismatch' | 'not_text' | 'damaged' | 'too_large' | 'archive_limits' | 'parse_error';

/**
 * A document that cannot become text. `message` is written for the game master and says what to do.
 * `rejectAtUpload` is true when the check is cheap enough to answer the upload itself (a 4xx),
 * false when it was found while extracting (the job fails with this message).
 */
export class ExtractionError extends Error {
  readonly code: ExtractionErrorCode;
  readonly rejectAtUpload: boolean;

  constructor(code: ExtractionErrorCode, message: string, options: { rejectAtUpload: boolean; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ExtractionError';
    this.code = code;
    this.rejectAtUpload = options.rejectAtUpload;
  }
}

const MB = 1024 * 1024;
const formatMb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

export const errors = {
  unsupportedType(ext: string) {
    const list = ACCEPTED_EXTENSIONS.map((e) => `.${e}`).join(', ');
    const what = ext ? `Files of type .${ext} cannot be added to a tome.` : 'The file name has no extension, so its type is unknown.';
    return new ExtractionError('unsupported_type', `${what} Upload one of: ${list}.`, { rejectAtUpload: true });
  },
  emptyFile() {
    return new ExtractionError('empty_file', 'The file is empty. Check that it saved correctly and upload it again.', {
      rejectAtUpload: true,
    });
  },
  noText(ext: AcceptedExtension, notes: string[] = []) {
    const hint =
      ext === 'pdf' ? ' If it is a scanned PDF, run text recognition (OCR) on it and upload it again.' : ' Check that it is the right file and upload it again.';
    const noted = notes.length ? ` ${notes.join(' ')}` : '';
    return new ExtractionError('empty_file', `No readable text was found in this ${typeLabel(ext)}.${noted}${hint}`, {
      rejectAtUpload: false,
    });
  },
  tooLarge(size: number, limit: number) {
    return new ExtractionError(
      'too_large',
      `The file is ${formatMb(size)}, over the ${formatMb(limit)} limit. Split it into smaller files and upload them separately.`,
      { rejectAtUpload: true },
    );
  },
  typeMismatch(ext: AcceptedExtension, actually?: string) {
    const seen = actually ? ` (it looks like ${actually})` : '';
    return new ExtractionError(
      'type_mismatch',
      `The content does not match the .${ext} type: this is not ${typeLabelWithArticle(ext)}${seen}. Check that you picked the right file, or give it the right extension.`,
      { rejectAtUpload: true },
    );
  },
  notText(ext: AcceptedExtension, rejectAtUpload = true) {
    return new ExtractionError(
      'not_text',
      `This file does not look like text: the .${ext} file holds binary data. Upload the document in its original format, such as PDF or Word.`,
      { rejectAtUpload },
    );
  },
  damaged(ext: AcceptedExtension, cause?: unknown) {
    const again = ext === 'pdf' ? 're-export it' : 'save it again';
    return new ExtractionError('damaged', `The ${typeLabel(ext).replace(/ file$/, '')} is damaged or incomplete; ${again} and upload it again.`, {
      rejectAtUpload: false,
      cause,
    });
  },
  archiveTooManyEntries(count: number, limit: number, rejectAtUpload: boolean) {
    return new ExtractionError('archive_limits', `The archive holds ${count} files, more than the ${limit} allowed; it looks like a zip bomb and was refused.`, {
      rejectAtUpload,
    });
  },
  archiveTooBig(limitBytes: number, rejectAtUpload: boolean) {
    return new ExtractionError('archive_limits', `The archive expands to more than ${formatMb(limitBytes)}; it looks like a zip bomb and was refused.`, {
      rejectAtUpload,
    });
  },
  archiveSizeLie(name: string) {
    return new ExtractionError(
      'archive_limits',
      `The archive entry ${name} expands beyond the size the archive declares for it; it looks like a zip bomb and was refused.`,
      { rejectAtUpload: false },
    );
  },
  encrypted(ext: AcceptedExtension) {
    return new ExtractionError(
      'parse_error',
      `The ${typeLabel(ext)} is password-protected or DRM-protected. Remove the protection, save it again and upload it again.`,
      { rejectAtUpload: false },
    );
  },
  timedOut(ext: AcceptedExtension, ms: number) {
    return new ExtractionError(
      'parse_error',
      `Reading the ${typeLabel(ext)} took longer than ${ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`} and was stopped; it may be damaged or unusually complex. Try re-exporting it and upload it again.`,
      { rejectAtUpload: false },
    );
  },
  tooComplex(ext: AcceptedExtension, heapMb: number) {
    return new ExtractionError(
      'parse_error',
      `Reading the ${typeLabel(ext)} needed more than ${heapMb} MB of memory and was stopped. Split it into smaller files and upload them separately.`,
      { rejectAtUpload: false },
    );
  },
  aborted() {
    return new ExtractionError('parse_error', 'Reading the file was cancelled.', { rejectAtUpload: false });
  },
  parse(ext: AcceptedExtension, cause?: unknown) {
    return new ExtractionError('parse_error', `The ${typeLabel(ext)} could not be read. Save it again (or export it as PDF or plain text) and upload it again.`, {
      rejectAtUpload: false,
      cause,
    });
  },
};
