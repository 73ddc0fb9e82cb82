import { CONTENT_TYPE_LABELS, splitFrontMatter, type CharacterFormat, type ContentType } from '../../../contract/content';

export interface DocumentFacts {
  content: string;
  contentType: ContentType;
  characterFormat?: CharacterFormat | null;
  campaignName: string;
  sources: string[];
  generatedAt: Date;
}

/** A YAML scalar that always parses back as the same string (a JSON string is a YAML double-quoted scalar). */
const yamlString = (value: string) => JSON.stringify(value);

/** The content's title: its first level-1 heading, else the first line. */
export function titleOf(content: string, fallback: string): string {
  const heading = /^#\s+(.+?)\s*#*\s*$/m.exec(content);
  const title = (heading?.[1] ?? content.trim().split('\n')[0] ?? '').replace(/[*_`]/g, '').trim();
  return title.slice(0, 200) || fallback;
}

/**
 * The document a generated content is saved as: YAML front matter (title, content type,
 * campaign, sources, generated: true, when) and then the content. Front matter the content
 * already carries is replaced, never doubled.
 */
export function documentMarkdown(facts: DocumentFacts): string {
  const body = splitFrontMatter(facts.content).body.trim();
  const lines = ['---', `title: ${yamlString(titleOf(body, `${CONTENT_TYPE_LABELS[facts.contentType]} (generated)`))}`, `content_type: ${facts.contentType}`];
  if (facts.contentType === 'character' && facts.characterFormat) lines.push(`character_format: ${facts.characterFormat}`);
  lines.push(`campaign: ${yamlString(facts.campaignName)}`);
  if (facts.sources.length === 0) lines.push('sources: []');
  else lines.push('sources:', ...facts.sources.map((source) => `  - ${yamlString(source)}`));
  lines.push('generated: true', `generated_at: ${facts.generatedAt.toISOString()}`, '---', '', body, '');
  return lines.join('\n');
}
