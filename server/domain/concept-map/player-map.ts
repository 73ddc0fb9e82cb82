import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { conceptColor, DEFAULT_SETTINGS, isConceptType, PASSAGES_SHOWN } from '../../../contract/concept-map';
import type { DB } from '../../db/schema';
import { linkedDatasetIds, type CampaignAccess } from '../ownership';
import { documentsWithGmPassages, EMPTY_HASH } from './documents';
import { engineOf, playerExtractorId, storedExtractions } from './extraction';
import { mergeExtractions, type ExtractionResult } from './extract';
import { emptyMap, relationshipsOf, sourceQuote, uniqueConcepts, type ConceptMap, type SourcePassage } from './map-store';
import { readSettings } from './settings';
import { supportCounts } from './support-counts';

/**
 * The map a player sees (and the GM viewing as one), merged on read from stored readings only:
 * of the documents in the GM's map that the GM shows players and that have not changed since they
 * were read, each document's reading made without its `:::gm` passages (or, for a document with
 * none, the GM's own reading, which then holds nothing hidden). Concepts, relationships, their
 * counts and source quotes all come from those readings alone, so a name that only a GM block or a
 * hidden document holds never reaches a player. Nothing is read by the AI on a player's request:
 * the readings are made when the GM builds the map.
 */
export async function readPlayerMap(db: Kysely<DB>, access: CampaignAccess): Promise<ConceptMap> {
  const campaignId = access.campaign.id;
  const row = await db.selectFrom('concept_maps').select(['settings', 'engine', 'last_updated']).where('campaign_id', '=', campaignId).executeTakeFirst();
  if (!row) return emptyMap(campaignId, { ...DEFAULT_SETTINGS });
  const settings = readSettings(row.settings);

  const linked = await linkedDatasetIds(db, access.ownerId, campaignId);
  const processed =
    linked.length === 0
      ? []
      : await db
          .selectFrom('concept_map_documents as p')
          .innerJoin('documents as d', 'd.id', 'p.document_id')
          .select(['p.document_id', 'p.extractor', 'p.content_hash', 'p.processed_at', 'd.dataset_id', 'd.filename', 'd.passages_hash'])
          .where('p.campaign_id', '=', campaignId)
          .where('d.user_id', '=', access.ownerId)
          .where('d.player_visible', '=', true)
          .where('d.status', '=', 'ready')
          .where('d.dataset_id', 'in', linked)
          .orderBy('d.filename')
          .execute();
  // A document changed since it was read may have had GM blocks added: it waits for the GM's next build.
  const current = processed.filter((doc) => (doc.passages_hash ?? EMPTY_HASH) === doc.content_hash);
  const withGm = await documentsWithGmPassages(
    db,
    current.map((doc) => doc.document_id),
  );

  const readings: ExtractionResult[] = [];
  const included: typeof current = [];
  for (const doc of current) {
    const extractor = withGm.has(doc.document_id) ? playerExtractorId(doc.extractor) : doc.extractor;
    const stored = (await storedExtractions(db, [doc.document_id], extractor)).get(doc.document_id);
    if (!stored || stored.content_hash !== doc.content_hash) continue;
    readings.push(...stored.results);
    included.push(doc);
  }

  const merged = mergeExtractions(readings);
  const counts = supportCounts(readings, merged);
  const concepts = uniqueConcepts(merged);
  const idByKey = new Map(concepts.map((concept) => [concept.key, conceptIdOf(campaignId, concept.key)]));
  const documentOf = new Map(included.map((doc) => [doc.document_id, doc]));
  const relationships = relationshipsOf(merged, idByKey).sort((a, b) => b.strength - a.strength || b.count - a.count);

  return {
    campaign_id: campaignId,
    concepts: concepts
      .map((concept) => ({
        id: idByKey.get(concept.key)!,
        name: concept.name,
        type: isConceptType(concept.type) ? concept.type : ('concept' as const),
        description: concept.description,
        sources: counts.get(concept.key) ?? Math.max(1, concept.sources.length),
        aliases: concept.aliases,
        source_passages: concept.sources
          .filter((source) => documentOf.has(source.documentId) && source.quote.trim())
          .slice(0, PASSAGES_SHOWN)
          .map((source): SourcePassage => {
            const doc = documentOf.get(source.documentId)!;
            return { document_id: doc.document_id, dataset_id: doc.dataset_id, filename: doc.filename, quote: sourceQuote(source.quote) };
          }),
        visual: { color: conceptColor(concept.type) },
      }))
      .sort((a, b) => b.sources - a.sources || a.name.localeCompare(b.name)),
    relationships: relationships.map((relationship) => ({
      id: conceptIdOf(campaignId, `${relationship.source_id}\u0000${relationship.target_id}\u0000${relationship.relationship}`),
      source: relationship.source_id,
      target: relationship.target_id,
      relationship: relationship.relationship,
      strength: relationship.strength,
      count: relationship.count,
    })),
    settings,
    processed_docs: included.map((doc) => ({
      id: doc.document_id,
      dataset_id: doc.dataset_id,
      filename: doc.filename,
      processed_at: doc.processed_at.toISOString(),
      outdated: false,
    })),
    last_updated: included.length > 0 && row.last_updated ? row.last_updated.toISOString() : null,
    engine: included.length > 0 ? engineOf(row.engine) : null,
    job: null,
  };
}

/** A stable id for a concept or relationship of the players' map (uuid-shaped, derived from the campaign and the key). */
function conceptIdOf(campaignId: string, key: string): string {
  const hex = createHash('sha256').update(`${campaignId}\u0000${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
