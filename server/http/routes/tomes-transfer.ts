import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { DomainError, badRequest } from '../../domain/errors';
import { documentFile, readFileBytes, type Upload } from '../../domain/tomes';
import { contentDisposition, deliveryOf, parseRange } from '../file-delivery';

/** Uploads and downloads of a tome's original files: multipart in, HTTP ranges out. */

export interface MultipartUpload extends Upload {
  fields: Record<string, string>;
}

const MB = 1024 * 1024;

/** The one file of a multipart request (field `file`) and its text fields, the file read up to the limit. */
export async function readMultipartUpload(request: FastifyRequest, maxBytes: number): Promise<MultipartUpload> {
  if (!request.isMultipart()) {
    throw new DomainError(415, 'Send the document as multipart/form-data, in a form field named "file".');
  }
  const fields: Record<string, string> = {};
  let upload: Upload | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest('Send the document in the form field named "file".');
        }
        const bytes = await part.toBuffer();
        upload = { filename: part.filename ?? '', bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new DomainError(
        413,
        `The file is larger than the ${Math.round(maxBytes / MB)} MB upload limit. Split it into smaller files and upload them separately.`,
      );
    }
    if (code === 'FST_FILES_LIMIT') throw new DomainError(413, 'Send one file per upload.');
    if (code === 'FST_MP_PREMATURE_CLOSE') throw badRequest('The upload was interrupted before the whole file arrived. Try again.');
    throw error;
  }
  if (!upload) throw badRequest('No file was sent. Choose a document to upload (form field "file").');
  return { ...upload, fields };
}

const wantsInline = (value: string | undefined) => value !== undefined && value !== '0' && value !== 'false';

/**
 * Sends a stored original: the whole file, one range (206 with Content-Range), or several
 * (206 multipart/byteranges, at most MAX_RANGES). Only the bytes asked for are read from the
 * database. A stale If-Range gets the whole file.
 */
export async function sendDocumentFile(
  db: Kysely<DB>,
  request: FastifyRequest,
  reply: FastifyReply,
  ids: { userId: string; datasetId: string; documentId: string; inline?: string },
) {
  const file = await documentFile(db, ids.userId, ids.datasetId, ids.documentId);
  const { contentType, inline } = deliveryOf(file.fileType, wantsInline(ids.inline));
  const etag = `"${ids.documentId.slice(0, 8)}-${file.updatedAt.getTime().toString(36)}-${file.size.toString(36)}"`;

  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', file.updatedAt.toUTCString())
    .header('cache-control', 'private, no-cache')
    .header('content-disposition', contentDisposition(file.filename, inline))
    .header('x-content-type-options', 'nosniff');
  if (contentType !== 'application/pdf') reply.header('content-security-policy', "default-src 'none'; sandbox");

  if (request.headers['if-none-match'] === etag) return reply.status(304).send();

  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange && ifRange !== etag && ifRange !== file.updatedAt.toUTCString() ? undefined : request.headers.range;
  const range = parseRange(rangeHeader, file.size);

  if (range.kind === 'too-many') {
    return reply
      .status(416)
      .header('content-range', `bytes */${file.size}`)
      .type('application/json')
      .send({ error: 'Too many ranges in one request. Ask for at most 8.' });
  }
  if (range.kind === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${file.size}`)
      .type('application/json')
      .send({ error: `The requested range is outside the file (${file.size} bytes).` });
  }
  if (range.kind === 'none') {
    const bytes = await readFileBytes(db, ids.userId, ids.documentId, 0, file.size);
    return reply.status(200).type(contentType).header('content-length', bytes.length).send(Buffer.from(bytes));
  }
  if (range.ranges.length === 1) {
    const [{ start, end }] = range.ranges;
    const bytes = await readFileBytes(db, ids.userId, ids.documentId, start, end - start + 1);
    return reply
      .status(206)
      .type(contentType)
      .header('content-range', `bytes ${start}-${end}/${file.size}`)
      .header('content-length', bytes.length)
      .send(Buffer.from(bytes));
  }
  const boundary = `tome-${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const { start, end } of range.ranges) {
    const bytes = await readFileBytes(db, ids.userId, ids.documentId, start, end - start + 1);
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Type: ${contentType}\r\nContent-Range: bytes ${start}-${end}/${file.size}\r\n\r\n`),
      Buffer.from(bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(parts);
  return reply.status(206).type(`multipart/byteranges; boundary=${boundary}`).header('content-length', body.length).send(body);
}
