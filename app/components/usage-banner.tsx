import { useCallback, useEffect, useState } from 'react';
import type { MonthUsage } from '../../server/domain/usage/usage';
import { abbreviateTokens, budgetLevel, formatBudget, formatCost, formatPercent, formatRemaining, USAGE_UPDATED_EVENT } from '../../contract/usage';
import { apiFetch } from '~/lib/api-client';

const FEATURE_LABELS: Record<string, string> = {
  campaign_chat: 'Campaign chat',
  document_chat: 'Document chat',
  content_generation: 'Content creation',
  concept_map: 'Concept map',
  embedding: 'Embeddings',
  rerank: 'Reranking',
  timeline: 'Timeline proposals',
};

/** Month's AI spend against the budget: rendered by the server, refreshed every 30 s and after AI calls. */
export function UsageBanner({ initial }: { initial: MonthUsage | null }) {
  const [usage, setUsage] = useState<MonthUsage | null>(initial);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);

  const refresh = useCallback(() => {
    apiFetch<MonthUsage>('/api/usage/current-month')
      .then((next) => {
        setUsage(next);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, []);

  // The page's loaders ran again (after a form, such as a content generation): their figures are fresh.
  useEffect(() => {
    if (initial) setUsage(initial);
  }, [initial]);

  useEffect(() => {
    const timer = window.setInterval(refresh, 30_000);
    const onUpdate = () => window.setTimeout(refresh, 500);
    window.addEventListener(USAGE_UPDATED_EVENT, onUpdate);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(USAGE_UPDATED_EVENT, onUpdate);
    };
  }, [refresh]);

  if (!usage) {
    return (
      <div className="usage-banner" role="status">
        {failed ? 'Failed to load usage data' : 'Unable to load'}
      </div>
    );
  }
  const level = budgetLevel(usage.budget_used_percent);
  const data = usage.month_data;
  const tokens = data.total_input_tokens + data.total_output_tokens + data.total_embedding_tokens;
  return (
    <section className={`usage-banner tone-${level.tone}`} aria-label="AI usage this month" data-testid="usage-banner">
      <details open={open} onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
        <summary>
          <span className="usage-title">This month</span>
          <span data-testid="usage-cost">{formatCost(data.total_cost)}</span>
          <span>
            <span data-testid="usage-tokens">{abbreviateTokens(tokens)}</span> {tokens === 1 ? 'token' : 'tokens'}
          </span>
          <span>
            <span data-testid="usage-calls">{data.api_calls}</span> {data.api_calls === 1 ? 'API call' : 'API calls'}
          </span>
          <span className="usage-meter" aria-hidden="true">
            <span style={{ width: `${Math.min(100, usage.budget_used_percent)}%` }} />
          </span>
          <span className="usage-level">
            {level.label} · {formatPercent(usage.budget_used_percent)} of {formatBudget(usage.budget)}
          </span>
        </summary>
        <div className="usage-details">
          <p>
            Budget {formatBudget(usage.budget)} · used {formatPercent(usage.budget_used_percent)} · {formatRemaining(usage.budget_remaining)}
          </p>
          {Object.keys(data.usage_breakdown).length === 0 ? (
            <p className="muted">No AI calls yet this month.</p>
          ) : (
            <table className="usage-table">
              <thead>
                <tr>
                  <th>Feature</th>
                  <th>Calls</th>
                  <th>Tokens</th>
                  <th>Cost</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(data.usage_breakdown).map(([feature, row]) => (
                  <tr key={feature}>
                    <td>{FEATURE_LABELS[feature] ?? feature}</td>
                    <td>{row.calls}</td>
                    <td>{abbreviateTokens(row.tokens)}</td>
                    <td>{formatCost(row.cost)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </details>
    </section>
  );
}
