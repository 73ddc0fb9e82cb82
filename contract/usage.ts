/** The usage banner's reading of the numbers (spec section 9). */
export function budgetLevel(percentUsed: number): { label: string; tone: 'good' | 'moderate' | 'high' | 'critical' | 'over' } {
  if (percentUsed >= 100) return { label: 'Over Budget', tone: 'over' };
  if (percentUsed >= 90) return { label: 'Critical', tone: 'critical' };
  if (percentUsed >= 75) return { label: 'High', tone: 'high' };
  if (percentUsed >= 50) return { label: 'Moderate', tone: 'moderate' };
  return { label: 'Good', tone: 'good' };
}

export function abbreviateTokens(count: number): string {
  if (count >= 1_000_000) return `${(count / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
  if (count >= 1_000) return `${(count / 1_000).toFixed(1).replace(/\.0$/, '')}K`;
  return String(count);
}

/** "1 API call", "2 API calls". */
export const countOf = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Percent used with one decimal, never rounded into the next colour: 49.99 reads 49.9%, not a
 * "Good" 50.0%.
 */
export function formatPercent(percentUsed: number): string {
  const rounded = percentUsed.toFixed(1);
  if (budgetLevel(Number(rounded)).tone === budgetLevel(percentUsed).tone) return `${rounded}%`;
  return `${(Math.floor(percentUsed * 10) / 10).toFixed(1)}%`;
}

/** "remaining $5.75", or once spent past it "over budget by $4.25" (never a negative remainder). */
export function formatRemaining(budgetRemaining: number): string {
  return budgetRemaining < 0 ? `over budget by ${formatBudget(-budgetRemaining)}` : `remaining ${formatBudget(budgetRemaining)}`;
}

export const formatCost = (usd: number) => `$${usd.toFixed(4)}`;
export const formatBudget = (usd: number) => `$${usd.toFixed(2)}`;

/** Fired on window after any AI call so the banner refreshes at once. */
export const USAGE_UPDATED_EVENT = 'tomekeeper:usage-updated';
