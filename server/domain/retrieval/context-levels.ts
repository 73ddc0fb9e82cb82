import type { ContextLevel } from '../../../contract/chat';

export interface ContextBudget {
  /** Most passages handed to the model. */
  passages: number;
  /** Most estimated tokens of passage text handed to the model. */
  contextTokens: number;
  /** The answer's max_tokens. */
  answerTokens: number;
}

/** low: minimal, medium: balanced (the default), high: extensive (spec sections 2 and 9). */
export const CONTEXT_BUDGETS: Record<ContextLevel, ContextBudget> = {
  low: { passages: 4, contextTokens: 1_500, answerTokens: 600 },
  medium: { passages: 8, contextTokens: 4_000, answerTokens: 1_200 },
  high: { passages: 16, contextTokens: 10_000, answerTokens: 2_400 },
};

/** How many candidates each retriever proposes before fusion. */
export const CANDIDATES_PER_RETRIEVER = 50;
