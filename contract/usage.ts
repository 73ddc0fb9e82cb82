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

export const formatCost = (usd: number) => `$${usd.toFixed(4)}`;
export const formatBudget = (usd: number) => `$${usd.toFixed(2)}`;

/** Fired on window after any AI call so the banner refreshes at once. */
export const USAGE_UPDATED_EVENT = 'tomekeeper:usage-updated';
