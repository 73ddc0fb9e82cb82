/** Relationship labels: tidy for display, folded for deciding whether two labels say the same thing. */

const SAME_MEANING: Record<string, string> = {
  under: 'beneath',
  underneath: 'beneath',
  below: 'beneath',
  towards: 'toward',
};

const MAX_LABEL_WORDS = 6;

export function cleanRelationship(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .slice(0, MAX_LABEL_WORDS)
    .join(' ');
}

/** 'Sealed  under' and 'sealed beneath' fold to one key. */
export function relationshipKey(label: string): string {
  return cleanRelationship(label)
    .split(' ')
    .map((word) => SAME_MEANING[word] ?? word)
    .join(' ');
}

export function clampStrength(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(10, Math.max(1, Math.round(value)));
}
