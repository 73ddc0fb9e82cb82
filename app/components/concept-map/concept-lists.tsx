import type { MapConcept, MapRelationship } from '../../../server/domain/concept-map';
import { CONCEPT_TYPE_MAP, CONCEPT_TYPES } from '../../../contract/concept-map';

interface ConceptListsProps {
  concepts: MapConcept[];
  relationships: MapRelationship[];
  minStrength: number;
  /** Open without JavaScript, where the lists are the map. */
  open: boolean;
}

/** The map as text: concepts grouped by type, and the relationships strong enough to show. */
export function ConceptLists({ concepts, relationships, minStrength, open }: ConceptListsProps) {
  const byId = new Map(concepts.map((concept) => [concept.id, concept]));
  const shown = relationships.filter((relationship) => relationship.strength >= minStrength);
  return (
    <details className="card cm-lists" open={open} data-testid="concept-lists">
      <summary>
        <h2>Concepts and relationships as lists</h2>
      </summary>
      <div className="cm-lists-body">
        <section aria-labelledby="cm-concepts-heading">
          <h3 id="cm-concepts-heading">Concepts ({concepts.length})</h3>
          {CONCEPT_TYPES.map((type) => {
            const list = concepts.filter((concept) => concept.type === type);
            if (list.length === 0) return null;
            return (
              <div key={type} className="cm-type-group">
                <h4>
                  <span className="cm-swatch" style={{ background: CONCEPT_TYPE_MAP[type].color }} aria-hidden="true" />
                  {CONCEPT_TYPE_MAP[type].name} ({list.length})
                </h4>
                {chunks(list).map((part) => (
                  <ul key={part[0].id} className="cm-list-chunk">
                    {part.map((concept) => (
                      <li key={concept.id}>
                        <strong>{concept.name}</strong>
                        {concept.description && <span className="muted">{` — ${concept.description}`}</span>}
                        <span className="cm-list-sources">{` (${sourcesNote(concept)})`}</span>
                      </li>
                    ))}
                  </ul>
                ))}
              </div>
            );
          })}
        </section>
        <section aria-labelledby="cm-relationships-heading">
          <h3 id="cm-relationships-heading">
            Relationships ({shown.length}
            {shown.length < relationships.length ? ` of ${relationships.length}; strength ${minStrength} and above` : ''})
          </h3>
          {shown.length === 0 ? (
            <p className="muted">No relationships at this strength.</p>
          ) : (
            chunks(shown).map((part) => (
              <ul key={part[0].id} className="cm-relationship-list cm-list-chunk">
                {part.map((relationship) => (
                  <li key={relationship.id}>
                    {`${byId.get(relationship.source)?.name ?? ''} `}
                    <em>{relationship.relationship}</em>
                    {` ${byId.get(relationship.target)?.name ?? ''} `}
                    <span className="muted small">{`(strength ${relationship.strength}${relationship.count > 1 ? `, ${relationship.count} passages` : ''})`}</span>
                  </li>
                ))}
              </ul>
            ))
          )}
        </section>
      </div>
    </details>
  );
}

/**
 * Each item's text as whole strings, not pieces: React puts a comment between adjacent pieces in the
 * server's page, and a 2,000-concept map's lists carried 27,000 of them (parsed, then hydrated).
 */
function sourcesNote(concept: MapConcept): string {
  const files = concept.source_passages[0] ? `; ${[...new Set(concept.source_passages.map((p) => p.filename))].join(', ')}` : '';
  return `${concept.sources} ${concept.sources === 1 ? 'source' : 'sources'}${files}`;
}

/**
 * A big map's lists in runs of this many items, each its own list that the browser lays out only
 * once scrolled near (content-visibility in concept-map.css): the lists are open and on screen
 * while the page loads, and thousands of items laid out at once were the page's longest task.
 */
const CHUNK = 100;

function chunks<T>(items: T[]): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) parts.push(items.slice(start, start + CHUNK));
  return parts;
}
