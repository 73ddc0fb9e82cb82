import { describe, expect, it } from 'vitest';
import { abbreviateTokens, budgetLevel, countOf, formatBudget, formatCost, formatPercent, formatRemaining } from './usage';

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

  it.each([
    [49.99, '49.9%'],
    [74.96, '74.9%'],
    [89.99, '89.9%'],
    [99.97, '99.9%'],
    [50, '50.0%'],
    [33.36, '33.4%'],
    [120.04, '120.0%'],
  ])('%s%% reads %s, within its colour', (percent, text) => expect(formatPercent(percent)).toBe(text));

  it('says over budget by how much instead of a negative remainder', () => {
    expect(formatRemaining(-4.25)).toBe('over budget by $4.25');
    expect(formatRemaining(5.75)).toBe('remaining $5.75');
    expect(formatRemaining(0)).toBe('remaining $0.00');
  });

  it('uses the singular for one', () => {
    expect(countOf(1, 'API call')).toBe('1 API call');
    expect(countOf(0, 'API call')).toBe('0 API calls');
    expect(countOf(2, 'API call')).toBe('2 API calls');
  });
});
