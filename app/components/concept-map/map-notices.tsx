import type { MapJob, ProcessedDocument } from '../../../server/domain/concept-map';
import { useHydrated } from '~/lib/use-hydrated';

interface MapNoticesProps {
  campaignMissing: boolean;
  loadError: string | null;
  /** A generation's failure (shown in the Select Documents panel instead while it is open). */
  error: string | null;
  /** A passing success ("Settings saved"). */
  notice: string | null;
  outdated: ProcessedDocument[];
  /** A queued generation still running. */
  job: MapJob | null;
}

/** The lines above the map: what went wrong, what changed, and a queued generation's progress without JavaScript. */
export function MapNotices({ campaignMissing, loadError, error, notice, outdated, job }: MapNoticesProps) {
  const hydrated = useHydrated();
  return (
    <>
      {campaignMissing && <p className="notice info cm-notice">That campaign was not found; showing your first campaign instead.</p>}
      {loadError && (
        <p className="notice error cm-notice" role="alert">
          {loadError}
        </p>
      )}
      {error && (
        <p className="notice error cm-notice" role="alert" data-testid="concept-map-error">
          {error}
        </p>
      )}
      <p className="sr-only" role="status">
        {notice}
      </p>
      {notice && (
        <p className="notice success cm-notice" aria-hidden="true">
          {notice}
        </p>
      )}
      {outdated.length > 0 && (
        <p className="notice info cm-notice">
          {outdated.length === 1 ? `“${outdated[0].filename}” has` : `${outdated.length} documents have`} changed since the map was built. Update Map to read{' '}
          {outdated.length === 1 ? 'it' : 'them'} again.
        </p>
      )}
      {job && !hydrated && (
        <section className="card cm-job" role="status">
          {/* Without JavaScript the page refreshes itself until the job ends. */}
          <noscript>
            <meta httpEquiv="refresh" content="3" />
          </noscript>
          <h2>Generating the concept map…</h2>
          <div className="progress" aria-hidden="true">
            <span style={{ width: `${job.progress}%` }} />
          </div>
          <p className="muted">{job.progress_message}</p>
        </section>
      )}
    </>
  );
}
