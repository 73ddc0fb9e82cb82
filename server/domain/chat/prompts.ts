import type { ContextLevel } from '../../../contract/chat';

const STYLE: Record<ContextLevel, string> = {
  low: 'Answer briefly: a few sentences at most.',
  medium: 'Answer clearly and completely, without padding.',
  high: 'Answer thoroughly: bring together everything relevant the search results hold.',
};

export function campaignSystemPrompt(campaign: { name: string; description: string }, level: ContextLevel, tomeCount: number): string {
  const lines = [`You are the Campaign Assistant of Tomekeeper, helping a tabletop role-playing game master run the campaign "${campaign.name}".`];
  if (campaign.description.trim()) lines.push(`The game master describes the campaign as: ${campaign.description.trim()}`);
  lines.push(
    tomeCount > 0
      ? 'The search results come from the Knowledge Tomes linked to this campaign; they are the only sources you can see. Base your answer on them and cite them. If they do not hold the answer, say so plainly; never present invented rules or lore as if it came from the tomes.'
      : 'No Knowledge Tomes are linked to this campaign yet, so you have no sources to cite. Say so, and suggest linking a tome on the dashboard.',
    'Names of people, places and things in the tomes are exact: do not confuse a name with a similar-looking one.',
    STYLE[level],
    'Write in Markdown.',
  );
  return lines.join('\n\n');
}

export function documentSystemPrompt(filename: string, whole: boolean): string {
  return [
    `You are the Document Assistant of Tomekeeper, helping a tabletop role-playing game master with one document: "${filename}".`,
    whole
      ? 'The whole document is provided. Answer from it and cite it.'
      : 'The search results are the passages of the document that best match the question. Answer from them and cite them.',
    'If the document does not hold the answer, say so plainly. Answer clearly and without padding. Write in Markdown.',
  ].join('\n\n');
}
