import { Link } from '@remix-run/react';
import { lazy, Suspense } from 'react';
import type { ConceptMap } from '../../../server/domain/concept-map';
import { useHydrated } from '~/lib/use-hydrated';
import { mapHref } from './map-href';
import { TypeLegend } from './type-legend';

// d3-force comes with the graph, and only to this screen, after the page is interactive.
const ConceptGraph = lazy(() => import('./concept-graph'));

interface MapCanvasProps {
  campaignId: string;
  map: ConceptMap;
  hasMap: boolean;
  readyCount: number;
  /** A generation in progress: its progress (0-100) and what it is doing. */
  busy: { progress: number; message: string } | null;
}

/** The legend and the drawn map, or what to do before there is one; a generation shows its progress over it. */
export function MapCanvas({ campaignId, map, hasMap, readyCount, busy }: MapCanvasProps) {
  const hydrated = useHydrated();
  return (
    <section className="card cm-canvas-card" aria-label="Concept map">
      <TypeLegend concepts={map.concepts} />
      {busy && (
        <div className="cm-busy" role="status" data-testid="concept-map-loading">
          <div className="cm-spinner" aria-hidden="true" />
          <p>
            <strong>Generating the concept map…</strong>
          </p>
          <div className="progress cm-busy-progress" aria-hidden="true">
            <span style={{ width: `${Math.max(4, busy.progress)}%` }} />
          </div>
          <p className="muted small">{busy.message}</p>
        </div>
      )}
      {map.concepts.length === 0 ? (
        !busy && <EmptyMap campaignId={campaignId} hasMap={hasMap} readyCount={readyCount} />
      ) : !hydrated ? (
        <p className="muted cm-nojs">The drawn map needs JavaScript; the lists below hold the same concepts and relationships.</p>
      ) : (
        <Suspense fallback={<div className="cm-graph cm-graph-loading">Drawing the map…</div>}>
          <ConceptGraph key={campaignId} concepts={map.concepts} relationships={map.relationships} settings={map.settings} builtAt={map.last_updated} />
        </Suspense>
      )}
    </section>
  );
}

function EmptyMap({ campaignId, hasMap, readyCount }: { campaignId: string; hasMap: boolean; readyCount: number }) {
  return (
    <div className="empty-state cm-empty" data-testid="concept-map-empty">
      {hasMap ? (
        <>
          <h2>No concepts found</h2>
          <p>The selected documents name no people, places or factions. Try other documents.</p>
        </>
      ) : readyCount === 0 ? (
        <>
          <h2>No documents to analyze</h2>
          <p>
            Link a Knowledge Tome with documents to this campaign in the <Link to="/dashboard?tab=campaigns">Campaign Command Center</Link>, then generate its map.
          </p>
        </>
      ) : (
        <>
          <h2>No concept map yet</h2>
          <p>Select the documents to analyze and generate a map of the people, places, factions and items they mention.</p>
          <Link to={mapHref(campaignId, { select: '1' })} className="button primary" preventScrollReset>
            Select Documents
          </Link>
        </>
      )}
    </div>
  );
}
