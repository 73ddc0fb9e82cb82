import type { CampaignBudgetStatus } from '../../../server/domain/usage/campaign-budget';

/**
 * The campaign budget's state in words: for players, the 80% warning and the 100% stop (the
 * same message the assistant's refusal carries); for the GM, the month's spend as well.
 */
export function CampaignBudgetNotice({ budget, audience }: { budget: CampaignBudgetStatus; audience: 'gm' | 'player' }) {
  if (budget.level === 'warning' || budget.level === 'exceeded') {
    return (
      <p className={`notice ${budget.level === 'exceeded' ? 'error' : 'info'}`} role="status" data-testid="campaign-budget-notice">
        {budget.message}
      </p>
    );
  }
  if (audience === 'gm' && budget.budget !== null) {
    return (
      <p className="muted small" data-testid="campaign-budget-notice">
        Players have spent ${budget.spent.toFixed(2)} of ${budget.budget.toFixed(2)} this month ({budget.used_percent}%).
      </p>
    );
  }
  return null;
}
