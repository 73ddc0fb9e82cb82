/** Knowledge Tomes: the spec's enumerations, constants and small pure rules (browser and server). */
/** Two tomes of one owner never share a name (compared trimmed and case-blind). */
export const duplicateTomeNameMessage = (name: string) =>
  `You already have a Knowledge Tome named "${name}". Choose another name, or add the documents to that tome.`;

/** What to do with an upload whose content is already in the tome. */
export const DUPLICATE_CHOICES = ['replace', 'keep'] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];
export const duplicateUploadMessage = (filename: string, existing: string) =>
  `"${filename}" has the same content as "${existing}", already in this tome. Replace that document, or keep both.`;

export const METADATA_TYPES = ['official_dnd', 'custom_campaign', 'rules', 'lore', 'characters', 'locations', 'general'] as const;
export const METADATA_CATEGORIES = ['rules', 'lore', 'characters', 'locations', 'mechanics', 'general'] as const;
export const METADATA_SOURCES = ['user_upload', 'official_dnd', 'generated', 'imported'] as const;

export type MetadataType = (typeof METADATA_TYPES)[number];
export type MetadataCategory = (typeof METADATA_CATEGORIES)[number];
export type MetadataSource = (typeof METADATA_SOURCES)[number];

export const METADATA_LABELS: Record<string, string> = {
  official_dnd: 'Official D&D',
  custom_campaign: 'Custom campaign',
  rules: 'Rules',
  lore: 'Lore',
  characters: 'Characters',
  locations: 'Locations',
  mechanics: 'Mechanics',
  general: 'General',
  user_upload: 'Your uploads',
  generated: 'Generated',
  imported: 'Imported',
};

export const labelOf = (value: string) => METADATA_LABELS[value] ?? value;

/** The upload types a tome accepts (the same list as the server's extractors). */
export const ACCEPTED_UPLOAD_EXTENSIONS = ['pdf', 'docx', 'txt', 'md', 'rtf', 'odt', 'csv', 'json', 'xml', 'html', 'htm', 'tex', 'epub', 'log'] as const;

/** For a file input's accept attribute. */
export const UPLOAD_ACCEPT = ACCEPTED_UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** How long a success notice stays (spec sections 4 and 9), in milliseconds. */
export const NOTICE_MS = 3000;

/** Statuses a processing job passes through before completed or failed. */
export const ACTIVE_JOB_STATUSES = ['queued', 'extracting', 'chunking', 'embedding', 'indexing', 'processing'] as const;
/** Every status a job has: the active ones, then completed or failed (the API's enum). */
export const TERMINAL_JOB_STATUSES = ['completed', 'failed'] as const;
export const JOB_STATUSES = [...ACTIVE_JOB_STATUSES, ...TERMINAL_JOB_STATUSES] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const isActiveJobStatus = (status: string) => (ACTIVE_JOB_STATUSES as readonly string[]).includes(status);

/** The dataset card shows at most this many tags, then '+N more'. */
export const CARD_TAG_LIMIT = 3;

export function cardTags(tags: readonly string[]): { shown: string[]; more: number } {
  return { shown: tags.slice(0, CARD_TAG_LIMIT), more: Math.max(0, tags.length - CARD_TAG_LIMIT) };
}

/** Tags typed as one comma-separated line (or given as a list): split, trimmed, blanks and repeats dropped. */
export function parseTags(input: string | readonly string[] | undefined | null): string[] {
  if (input == null) return [];
  const parts = (typeof input === 'string' ? [input] : input).flatMap((value) => String(value).split(','));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim().replace(/\s+/g, ' ');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** PDF viewer (spec sections 5 and 9). */
export const PDF_PAGE_WIDTH = 600;
export const PDF_ZOOM = { min: 0.5, max: 3, step: 0.2, initial: 1 } as const;

export function clampPage(page: number, pageCount: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.round(page)), Math.max(1, pageCount));
}

/** The next zoom level one step in or out, kept within 50%..300% and free of float drift. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const next = Math.round((zoom + direction * PDF_ZOOM.step) * 10) / 10;
  return Math.min(PDF_ZOOM.max, Math.max(PDF_ZOOM.min, next));
}

/** The size badge: text length divided by 1000, shown as KB. */
export function sizeBadge(textLength: number): string {
  return `${(textLength / 1000).toFixed(1)} KB`;
}

/** The API's upload_date (ISO 8601) as a date a person reads. */
export function formatUploadDate(uploaded: string): string {
  return new Date(uploaded).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

export const formatTokens = (count: number) => count.toLocaleString('en-US');

/** Types whose stored text is their source, so an edit is saved under the same name. */
const SOURCE_TEXT_TYPES = ['txt', 'md', 'log'];

/**
 * The name an edited document is saved under. Text and markdown keep theirs; any other type
 * (a Word file, a web page) becomes markdown holding the edited text, since its original format
 * cannot be rebuilt from text.
 */
export function editedFilename(filename: string, fileType: string): string {
  if (SOURCE_TEXT_TYPES.includes(fileType)) return filename;
  const dot = filename.lastIndexOf('.');
  return `${dot > 0 ? filename.slice(0, dot) : filename}.md`;
}

/** Documents shown as rendered markdown (the rest of the text types show as plain text). */
export const isMarkdownType = (fileType: string) => fileType === 'md';
