export const ACCEPTED_EXTENSIONS = ['pdf', 'docx', 'txt', 'md', 'rtf', 'odt', 'csv', 'json', 'xml', 'html', 'htm', 'tex', 'epub', 'log'] as const;

export type AcceptedExtension = (typeof ACCEPTED_EXTENSIONS)[number];

/** Lower-cased extension without the dot ('' when there is none). Accepts a path or a bare name. */
export function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return '';
  return base.slice(dot + 1).toLowerCase();
}

/** typeLabel with its article: 'a PDF file', 'an EPUB book'. */
export function typeLabelWithArticle(ext: AcceptedExtension): string {
  const label = typeLabel(ext);
  return /^(EPUB|OpenDocument|RTF|XML)/.test(label) ? `an ${label}` : `a ${label}`;
}

export function isAcceptedExtension(ext: string): ext is AcceptedExtension {
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(ext);
}

/** The name a game master knows the type by, for messages. */
export function typeLabel(ext: AcceptedExtension): string {
  switch (ext) {
    case 'pdf':
      return 'PDF file';
    case 'docx':
      return 'Word document';
    case 'odt':
      return 'OpenDocument text file';
    case 'epub':
      return 'EPUB book';
    case 'rtf':
      return 'RTF document';
    case 'html':
    case 'htm':
      return 'web page';
    case 'xml':
      return 'XML file';
    case 'json':
      return 'JSON file';
    case 'csv':
      return 'CSV spreadsheet';
    case 'tex':
      return 'LaTeX file';
    case 'md':
      return 'Markdown file';
    case 'log':
      return 'log file';
    case 'txt':
      return 'text file';
  }
}
