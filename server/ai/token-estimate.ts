/**
 * A rough token count, four characters a token, kept apart from server/text/tokens.ts on purpose:
 * it never counts a long unbroken string as a few words, so a Voyage request planned with it stays
 * under the provider's token limit, and the offline engine's usage figures stay proportional to
 * the text's length.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
