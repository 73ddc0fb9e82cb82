import { describe, expect, it } from 'vitest';
import { abbreviateTokens, budgetLevel, formatBudget, formatCost } from './usage';

describe('usage banner reading', () => {
  it.each([
    [0, 'Good'],
    [49.99, 'Good'],
    [50, 'Moderate'],
    [75, 'High'],
    [90, 'Critical'],
    [100, 'Over Budget'],
    [250, 'Over Budget'],
  ])('%s%% is %s', (percent, label) => expect(budgetLevel(percent).label).toBe(label));

  it('abbreviates tokens with K and M and formats money', () => {
    expect(abbreviateTokens(950)).toBe('950');
    expect(abbreviateTokens(1500)).toBe('1.5K');
    expect(abbreviateTokens(2_000_000)).toBe('2M');
    expect(formatCost(0.123456)).toBe('$0.1235');
    expect(formatBudget(10)).toBe('$10.00');
  });
});
