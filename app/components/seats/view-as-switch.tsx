import { Form, useLocation } from '@remix-run/react';

/** Screens that show a campaign's material, where the GM may look at it as a player would. */
const CAMPAIGN_SCREENS = /^\/(assistant|timeline|concept-map|campaigns\/)/;

/**
 * The GM's "view as player" switch: a plain form that sets or clears the tk_view_as cookie
 * (works without JavaScript). While it is on, every screen says so, with the way back.
 */
export function ViewAsSwitch({ viewingAsPlayer, runsCampaigns }: { viewingAsPlayer: boolean; runsCampaigns: boolean }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  if (viewingAsPlayer) {
    return (
      <div className="view-as-bar viewing" role="status" data-testid="view-as-bar">
        <span>
          <strong>Viewing as a player.</strong> Campaign screens show only what your players see.
        </span>
        <SwitchForm mode="gm" redirectTo={here} label="Back to GM view" />
      </div>
    );
  }
  if (!runsCampaigns || !CAMPAIGN_SCREENS.test(location.pathname)) return null;
  return (
    <div className="view-as-bar" data-testid="view-as-bar">
      <span className="muted small">See your campaign screens as your players do:</span>
      <SwitchForm mode="player" redirectTo={here} label="View as player" />
    </div>
  );
}

/** The switch's plain form (also offered inside the Assistant's folded campaign context). */
export function SwitchForm({ mode, redirectTo, label }: { mode: 'player' | 'gm'; redirectTo: string; label: string }) {
  return (
    <Form method="post" action="/view-as">
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className="button secondary">
        {label}
      </button>
    </Form>
  );
}
