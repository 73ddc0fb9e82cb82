import type { ViewQuery } from './timeline-href';

/** The campaign and the view an event form posts, so the action's redirect comes back to the same view. */
export function ViewFields({ campaignId, view }: { campaignId: string; view: ViewQuery }) {
  return (
    <>
      <input type="hidden" name="campaign" value={campaignId} />
      {view.zoom && <input type="hidden" name="zoom" value={view.zoom} />}
      {view.type && <input type="hidden" name="type" value={view.type} />}
      {view.page && view.page > 1 && <input type="hidden" name="page" value={view.page} />}
    </>
  );
}
