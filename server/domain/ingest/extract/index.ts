import { BlockBuilder, hasText, renderText } from './blocks';
import { extractCsv } from './csv';
import { decodeText, looksBinary } from './decode';
import { extractDocx } from './docx';
import { extractEpub } from './epub';
import { ExtractionError, errors } from './errors';
import type { AcceptedExtension } from './file-types';
import { extractHtml } from './html';
import { extractJson } from './json';
import { describeLongRuns, emptyLongRunReport, limitLongRuns, withoutBlobMarkers } from './long-runs';
import { extractOdt } from './odt';
import { extractPdf } from './pdf';
import { extractRtf } from './rtf';
import { SafeZip } from './safe-zip';
import { validateUpload } from './sniff';
import { extractTex } from './tex';
import { extractLog, extractMarkdown, extractPlainText } from './text';
import { type ExtractOptions, type ExtractedBlock, type ExtractedDocument, resolveLimits } from './types';
import { extractXml } from './xml';
import { hasGmBlockSupport, splitGmSegments } from '../../../../contract/gm-blocks';

export { ACCEPTED_EXTENSIONS, type AcceptedExtension, extensionOf, isAcceptedExtension } from './file-types';
export { ExtractionError, type ExtractionErrorCode } from './errors';
export { sniffContent, validateUpload, describeContent } from './sniff';
export { sectionsOf, renderText, HeadingTrail } from './blocks';
export {
  DEFAULT_LIMITS,
  type ExtractLimits,
  type ExtractOptions,
  type ExtractedBlock,
  type ExtractedDocument,
  type ExtractedSection,
} from './types';

const SOURCE_IS_TEXT = new Set<AcceptedExtension>(['txt', 'md', 'log']);

/**
 * Text and structure out of an upload. Runs the upload checks first, then the format's reader.
 * Throws ExtractionError (with a message for the game master) for anything it cannot read.
 */
export async function extractDocument(bytes: Uint8Array, filename: string, options: ExtractOptions = {}): Promise<ExtractedDocument> {
  const fileType = validateUpload(bytes, filename, options);
  const limits = resolveLimits(options);
  const out = new BlockBuilder();
  let pageCount: number | undefined;
  let source: string | undefined;
  const longRuns = emptyLongRunReport();

  try {
    switch (fileType) {
      case 'pdf':
        pageCount = await extractPdf(bytes, out, {
          timeoutMs: limits.pdfTimeoutMs,
          onProgress: options.onProgress,
          signal: options.signal,
          threads: options.pdfReadingThreads ?? 1,
        });
        break;
      case 'docx':
        extractDocx(SafeZip.open(bytes, fileType, limits), out);
        break;
      case 'odt':
        extractOdt(SafeZip.open(bytes, fileType, limits), out);
        break;
      case 'epub':
        extractEpub(SafeZip.open(bytes, fileType, limits), out);
        break;
      case 'rtf':
        extractRtf(bytes, out);
        break;
      default: {
        const { text } = decodeText(bytes);
        if (looksBinary(text)) throw errors.notText(fileType, false);
        source = limitLongRuns(text.replace(/\r\n?/g, '\n'), longRuns);
        if (hasGmBlockSupport(fileType)) {
          // Each `:::gm` block is read on its own, its blocks marked, so no passage mixes GM-only text with the rest.
          for (const segment of splitGmSegments(source)) {
            out.gm = segment.gm;
            extractText(fileType, segment.text, out);
          }
          out.gm = false;
        } else extractText(fileType, source, out);
      }
    }
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw errors.parse(fileType, error);
  }

  const blocks = out.build();
  if (source === undefined) for (const block of blocks) block.text = limitLongRuns(block.text, longRuns) as typeof block.text;
  const notes = describeLongRuns(longRuns);
  const readable = longRuns.skippedBlobs ? blocks.map((b) => ({ ...b, text: withoutBlobMarkers(b.text) }) as ExtractedBlock) : blocks;
  if (!hasText(readable)) throw errors.noText(fileType, notes);
  const text = source !== undefined && SOURCE_IS_TEXT.has(fileType) ? source.trim() : renderText(blocks);
  const doc: ExtractedDocument = { fileType, text, blocks };
  if (pageCount !== undefined) doc.pageCount = pageCount;
  if (notes.length) doc.notes = notes;
  return doc;
}

function extractText(fileType: AcceptedExtension, text: string, out: BlockBuilder): void {
  switch (fileType) {
    case 'md':
      return extractMarkdown(text, out);
    case 'log':
      return extractLog(text, out);
    case 'csv':
      return extractCsv(text, out);
    case 'json':
      return extractJson(text, out);
    case 'xml':
      return extractXml(text, out);
    case 'html':
    case 'htm':
      return extractHtml(text, out);
    case 'tex':
      return extractTex(text, out);
    default:
      return extractPlainText(text, out);
  }
}
