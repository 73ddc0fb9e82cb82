import type { ConceptMap } from '../../../server/domain/concept-map';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export function formatUpdated(iso: string | null): string {
  return iso ? `${dateFormat.format(new Date(iso))} UTC` : 'Never';
}

/** Concepts, relationships (shown of all), documents analysed and when the map was last built. */
export function MapStats({ map, visibleRelationships }: { map: ConceptMap; visibleRelationships: number }) {
  const hidden = map.relationships.length - visibleRelationships;
  return (
    <dl className="cm-stats" data-testid="concept-map-stats">
      <div>
        <dt>Concepts</dt>
        <dd data-testid="stat-concepts">{map.concepts.length}</dd>
      </div>
      <div>
        <dt>Relationships</dt>
        <dd data-testid="stat-relationships">
          {visibleRelationships}
          {hidden > 0 && <span className="cm-stat-note"> ({hidden} weaker hidden)</span>}
        </dd>
      </div>
      <div>
        <dt>Documents analysed</dt>
        <dd data-testid="stat-documents">{map.processed_docs.length}</dd>
      </div>
      <div>
        <dt>Last updated</dt>
        <dd data-testid="stat-updated">{map.last_updated ? <time dateTime={map.last_updated}>{formatUpdated(map.last_updated)}</time> : 'Never'}</dd>
      </div>
    </dl>
  );
}
