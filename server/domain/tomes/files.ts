/**
 * Names and types of stored original files. How they are sent over HTTP (ranges, disposition)
 * is server/http/file-delivery.ts.
 */

const MAX_NAME_LENGTH = 180;

/**
 * The name an upload is stored under: the last path segment only (so '../../etc/passwd.md'
 * becomes 'passwd.md'), without control or reserved characters or leading dots, at most
 * 180 characters with its extension kept. A name with nothing left becomes 'document.<ext>'.
 */
export function safeFilename(raw: string): string {
  const last = (raw ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  let name = last
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.\s]+$/, '');
  const dot = name.lastIndexOf('.');
  const ext = dot >= 0 ? name.slice(dot + 1) : '';
  // Leading dots would hide the file (and '..' is no name at all).
  let base = (dot >= 0 ? name.slice(0, dot) : name).replace(/^[.\s]+/, '');
  if (!base.replace(/[._\-\s]/g, '')) base = 'document';
  const room = MAX_NAME_LENGTH - (ext ? ext.length + 1 : 0);
  base = Array.from(base).slice(0, Math.max(1, room)).join('').trim();
  name = ext ? `${base}.${ext.slice(0, 16)}` : base;
  return name;
}

const MIME_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  epub: 'application/epub+zip',
  rtf: 'application/rtf',
  txt: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  tex: 'application/x-tex',
};

export function mimeTypeOf(fileType: string): string {
  return MIME_TYPES[fileType] ?? 'application/octet-stream';
}
