import type { MapConcept } from '../../../server/domain/concept-map';
import { CONCEPT_TYPE_MAP, CONCEPT_TYPES } from '../../../contract/concept-map';

/** The eight types with their fixed colours, and how many concepts of each the map holds. */
export function TypeLegend({ concepts }: { concepts: MapConcept[] }) {
  const counts = new Map<string, number>();
  for (const concept of concepts) counts.set(concept.type, (counts.get(concept.type) ?? 0) + 1);
  return (
    <ul className="cm-legend" aria-label="Legend of concept types" data-testid="concept-legend">
      {CONCEPT_TYPES.map((type) => (
        <li key={type} className={counts.get(type) ? undefined : 'is-empty'}>
          <span className="cm-swatch" style={{ background: CONCEPT_TYPE_MAP[type].color }} aria-hidden="true" />
          {CONCEPT_TYPE_MAP[type].name}
          <span className="cm-legend-count">{counts.get(type) ?? 0}</span>
        </li>
      ))}
    </ul>
  );
}
