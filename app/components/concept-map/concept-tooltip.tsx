import type { MapConcept } from '../../../server/domain/concept-map';
import { CONCEPT_TYPE_MAP } from '../../../contract/concept-map';

const WIDTH = 320;

/** What hovering (or focusing) a node shows: name, type, description and the passages it came from. */
export function ConceptTooltip({
  concept,
  x,
  y,
  canvasWidth,
  canvasHeight,
}: {
  concept: MapConcept;
  x: number;
  y: number;
  canvasWidth: number;
  canvasHeight: number;
}) {
  const left = Math.max(8, Math.min(x - WIDTH / 2, canvasWidth - WIDTH - 8));
  const below = y + 12 < canvasHeight * 0.6;
  const style = below ? { left, top: y + 8 } : { left, bottom: canvasHeight - y + 28 };
  const more = concept.sources - concept.source_passages.length;
  return (
    <div className="cm-tooltip" role="tooltip" data-testid="concept-tooltip" style={{ ...style, width: WIDTH }}>
      <div className="cm-tooltip-head">
        <strong>{concept.name}</strong>
        <span className="cm-type-badge" style={{ background: concept.visual.color }}>
          {CONCEPT_TYPE_MAP[concept.type].name}
        </span>
      </div>
      {concept.aliases.length > 0 && <p className="cm-aliases">Also: {concept.aliases.slice(0, 4).join(', ')}</p>}
      {concept.description && <p className="cm-description">{concept.description}</p>}
      <p className="cm-sources-title">
        Sources: {concept.sources} {concept.sources === 1 ? 'passage' : 'passages'}
      </p>
      <ul className="cm-passages">
        {concept.source_passages.map((passage, index) => (
          <li key={index}>
            <q>{passage.quote}</q> <span className="cm-source-file">— {passage.filename}</span>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="cm-more">and {more} more</p>}
    </div>
  );
}
