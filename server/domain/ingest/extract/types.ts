import type { AcceptedExtension } from './file-types';

/**
 * One structural unit of an extracted document, in reading order.
 * `page` is set for PDFs (1-based) so that a citation can name its page.
 * Rows of one table share `table` (an index within the document); `header` marks the header row.
 */
export type ExtractedBlock = (
  | { kind: 'heading'; text: string; level: number; page?: number }
  | { kind: 'paragraph'; text: string; page?: number }
  | { kind: 'table-row'; text: string; cells: string[]; table: number; header: boolean; page?: number }
  | { kind: 'page-break'; text: ''; page: number }
) & {
  /** Read from a `:::gm` block (contract/gm-blocks.ts): only the game master sees it. */
  gm?: boolean;
};

/** A content block (paragraph or table row) with the headings it sits under. */
export interface ExtractedSection {
  text: string;
  page?: number;
  headingPath?: string[];
}

export interface ExtractedDocument {
  fileType: AcceptedExtension;
  /** The whole plain text; for PDFs the pages are joined by a line holding a form feed. */
  text: string;
  pageCount?: number;
  blocks: ExtractedBlock[];
  /** What the reader left out or cut (base64 blobs, over-long runs), in sentences for the job's message. */
  notes?: string[];
}

export interface ExtractLimits {
  /** Largest upload accepted, in bytes. */
  maxFileBytes: number;
  /** Most entries a docx/odt/epub archive may hold. */
  maxArchiveEntries: number;
  /** Most bytes one archive entry may inflate to. */
  maxEntryBytes: number;
  /** Most bytes all the entries read from one archive may inflate to together. */
  maxTotalInflatedBytes: number;
  /** How long reading one PDF may take before it is abandoned. */
  pdfTimeoutMs: number;
}

export interface ExtractOptions extends Partial<ExtractLimits> {
  /** Called after each PDF page is read, e.g. to report 'Extracting page 41 of 199'. */
  onProgress?: (page: number, pageCount: number) => void;
  signal?: AbortSignal;
  /** Threads that read a PDF of TWO_THREADS_FROM_PAGES pages or more (pdf.ts): 1 by default. */
  pdfReadingThreads?: 1 | 2;
}

export const DEFAULT_LIMITS: ExtractLimits = {
  maxFileBytes: 100 * 1024 * 1024,
  maxArchiveEntries: 2000,
  maxEntryBytes: 50 * 1024 * 1024,
  maxTotalInflatedBytes: 200 * 1024 * 1024,
  pdfTimeoutMs: 120_000,
};

export function resolveLimits(options?: Partial<ExtractLimits>): ExtractLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof ExtractLimits)[]) {
    const value = options?.[key];
    if (typeof value === 'number' && value > 0) limits[key] = value;
  }
  return limits;
}
