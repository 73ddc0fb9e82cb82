/** Content creation: what the browser and the server agree on (spec sections 2, 3, 5, 7, 8, 9). */
export const CONTENT_TYPES = ['character', 'location', 'mission', 'lore'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CHARACTER_FORMATS = ['narrative', 'stats'] as const;
export type CharacterFormat = (typeof CHARACTER_FORMATS)[number];
export const DEFAULT_CHARACTER_FORMAT: CharacterFormat = 'narrative';

export const isContentType = (value: unknown): value is ContentType => typeof value === 'string' && (CONTENT_TYPES as readonly string[]).includes(value);
export const isCharacterFormat = (value: unknown): value is CharacterFormat => typeof value === 'string' && (CHARACTER_FORMATS as readonly string[]).includes(value);

export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  character: 'Character',
  location: 'Location',
  mission: 'Mission',
  lore: 'Lore',
};

export const CHARACTER_FORMAT_LABELS: Record<CharacterFormat, string> = {
  narrative: 'Narrative: personality, story and hooks',
  stats: 'Stats: a complete stat block',
};

export const EXAMPLE_PROMPTS: Record<ContentType, string[]> = {
  character: [
    'A weary dwarven blacksmith who secretly forges weapons for the rebellion',
    'A charming half-elf spy who works both sides of the war',
    'A veteran captain of the city watch, haunted by an old betrayal',
  ],
  location: [
    'A smugglers’ tavern built into the cliffs above the harbour',
    'An abandoned wizard’s tower slowly sinking into the marsh',
    'A bustling market square on the day of the harvest festival',
  ],
  mission: [
    'Recover a stolen relic from a temple overrun by cultists',
    'Escort a nervous noble through bandit country to the capital',
    'Find out who is poisoning the wells of a frontier village',
  ],
  lore: ['The legend of the first king and the crown he never wore', 'A forgotten war between the elves and the giants', 'The secret history of the thieves’ guild'],
};

/** Spec section 5 and 8: the messages the server answers and the screens show. */
export const CONTENT_MESSAGES = {
  promptRequired: 'Please enter a description of what you want to create',
  datasetRequired: 'Please choose a Knowledge Tome to use as context',
  revisionRequired: 'Please describe the change you want',
  saveMissing: 'Missing required information for saving',
  generateFailed: 'Failed to generate content',
  reviseFailed: 'Failed to process revision',
  saveFailed: 'Failed to save content',
  waiting: 'Consulting the ancient tomes...',
} as const;

export const savedMessage = (filename: string) => `content saved as ${filename}`;

/** The generated content's scroll box height in pixels (spec section 9). */
export const CONTENT_BOX_HEIGHT_PX = 600;
export const DEFAULT_FILENAME_CHARACTERS = 30;

/**
 * The default save filename (spec section 9): the prompt's first 30 letters and digits, with
 * whatever stood between them folded into single underscores ('A dwarf, smith!' becomes
 * 'A_dwarf_smith'). Without the .md, which the filename box shows beside it.
 */
export function defaultContentFilename(prompt: string, fallback = 'generated_content'): string {
  let out = '';
  let count = 0;
  let gap = false;
  for (const char of prompt.normalize('NFC')) {
    if (count >= DEFAULT_FILENAME_CHARACTERS) break;
    if (/[\p{L}\p{N}]/u.test(char)) {
      if (gap && out) out += '_';
      out += char;
      count += 1;
      gap = false;
    } else {
      gap = true;
    }
  }
  return out || fallback;
}

export type { GeneratedContent, SavedContent } from './api/content';

/** One line of the revision log. */
export interface RevisionEntry {
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  /** Assistant entries: which version this is. */
  version?: number;
  tokens?: number;
}

/** The content without its YAML front matter, for showing a saved-style document. */
export function splitFrontMatter(markdown: string): { frontMatter: string | null; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(markdown);
  if (!match) return { frontMatter: null, body: markdown };
  return { frontMatter: match[1], body: markdown.slice(match[0].length).replace(/^\s*\n/, '') };
}

export const CONTENT_SOURCES_HEADING = '## Sources';
