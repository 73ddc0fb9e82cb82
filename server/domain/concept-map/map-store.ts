import type { Kysely } from 'kysely';
import { conceptColor, isConceptType, PASSAGES_SHOWN, type ConceptMapSettings } from '../../../contract/concept-map';
import type { DB } from '../../db/schema';
import { EMPTY_HASH } from './documents';
import { engineOf } from './extraction';
import type { ExtractionResult } from './extract';
import type { ConceptMap, MapJob, SourcePassage } from '../../../contract/api/concept-map';
import { readSettings } from './settings';

/** The map's shapes are written once, in contract/api/concept-map.ts (ADR 0328). */
export type { ConceptMap, MapConcept, MapJob, MapRelationship, ProcessedDocument, SourcePassage } from '../../../contract/api/concept-map';

export function emptyMap(campaignId: string, settings: ConceptMapSettings): ConceptMap {
  return { campaign_id: campaignId, concepts: [], relationships: [], settings, processed_docs: [], last_updated: null, engine: null, job: null };
}

const MAX_QUOTE = 400;
const BATCH = 500;

function batches<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const quoteOf = (text: string) => (text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE - 1).trimEnd()}…` : text);

/**
 * Replaces the campaign's concepts and relationships with a merge. Concepts keep their ids by key, so
 * an update does not shuffle the screen. Runs inside the caller's transaction.
 */
export async function saveMergedMap(
  trx: Kysely<DB>,
  campaignId: string,
  merged: ExtractionResult,
  counts: Map<string, number>,
  documentIds: Set<string>,
): Promise<void> {
  const concepts = uniqueConcepts(merged);
  const idByKey = new Map<string, string>();
  for (const group of batches(concepts)) {
    const rows = await trx
      .insertInto('concept_map_concepts')
      .values(
        group.map((concept) => ({
          campaign_id: campaignId,
          key: concept.key,
          name: concept.name,
          type: isConceptType(concept.type) ? concept.type : 'concept',
          description: concept.description,
          aliases: JSON.stringify(concept.aliases),
          source_count: counts.get(concept.key) ?? Math.max(1, concept.sources.length),
        })),
      )
      .onConflict((oc) =>
        oc.columns(['campaign_id', 'key']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          type: eb.ref('excluded.type'),
          description: eb.ref('excluded.description'),
          aliases: eb.ref('excluded.aliases'),
          source_count: eb.ref('excluded.source_count'),
        })),
      )
      .returning(['id', 'key'])
      .execute();
    for (const row of rows) idByKey.set(row.key, row.id);
  }

  const existing = await trx.selectFrom('concept_map_concepts').select(['id', 'key']).where('campaign_id', '=', campaignId).execute();
  const stale = existing.filter((row) => !idByKey.has(row.key)).map((row) => row.id);
  for (const group of batches(stale)) await trx.deleteFrom('concept_map_concepts').where('id', 'in', group).execute();

  const keptIds = [...idByKey.values()];
  for (const group of batches(keptIds)) await trx.deleteFrom('concept_map_sources').where('concept_id', 'in', group).execute();
  const sources = concepts.flatMap((concept) =>
    concept.sources
      .filter((source) => documentIds.has(source.documentId) && source.quote.trim())
      .map((source, ordinal) => ({ concept_id: idByKey.get(concept.key)!, document_id: source.documentId, ordinal, quote: quoteOf(source.quote) })),
  );
  for (const group of batches(sources)) await trx.insertInto('concept_map_sources').values(group).execute();

  await trx.deleteFrom('concept_map_relationships').where('campaign_id', '=', campaignId).execute();
  const relationships = relationshipsOf(merged, idByKey).map((relationship) => ({ campaign_id: campaignId, ...relationship }));
  for (const group of batches(relationships)) await trx.insertInto('concept_map_relationships').values(group).execute();
}

/** The merge's concepts, each key once. */
export function uniqueConcepts(merged: ExtractionResult): ExtractionResult['concepts'] {
  const seen = new Set<string>();
  return merged.concepts.filter((concept) => concept.key && !seen.has(concept.key) && seen.add(concept.key));
}

/** The merge's relationships between concepts given ids, each (source, target, label) once, strength 1..10. */
export function relationshipsOf(
  merged: ExtractionResult,
  idByKey: Map<string, string>,
): Array<{ source_id: string; target_id: string; relationship: string; strength: number; count: number }> {
  const relationshipSeen = new Set<string>();
  return merged.relationships.flatMap((relationship) => {
    const source = idByKey.get(relationship.sourceKey);
    const target = idByKey.get(relationship.targetKey);
    const label = relationship.relationship.trim().slice(0, 200);
    const id = `${source}\u0000${target}\u0000${label}`;
    if (!source || !target || source === target || !label || relationshipSeen.has(id)) return [];
    relationshipSeen.add(id);
    return [
      {
        source_id: source,
        target_id: target,
        relationship: label,
        strength: Math.min(10, Math.max(1, Math.round(relationship.strength) || 1)),
        count: Math.max(1, Math.round(relationship.count) || 1),
      },
    ];
  });
}

export const sourceQuote = quoteOf;

/** The stored map as the API answers it. */
export async function readMap(
  db: Kysely<DB>,
  campaignId: string,
  row: { settings: unknown; engine: string | null; last_updated: Date | null; job_id: string | null },
): Promise<ConceptMap> {
  const [concepts, passages, relationships, processed] = await Promise.all([
    db
      .selectFrom('concept_map_concepts')
      .select(['id', 'name', 'type', 'description', 'aliases', 'source_count'])
      .where('campaign_id', '=', campaignId)
      .orderBy('source_count', 'desc')
      .orderBy('name')
      .execute(),
    db
      .selectFrom('concept_map_sources as s')
      .innerJoin('concept_map_concepts as c', 'c.id', 's.concept_id')
      .innerJoin('documents as d', 'd.id', 's.document_id')
      .select(['s.concept_id', 's.document_id', 'd.dataset_id', 'd.filename', 's.quote'])
      .where('c.campaign_id', '=', campaignId)
      .where('s.ordinal', '<', PASSAGES_SHOWN)
      .orderBy('s.concept_id')
      .orderBy('s.ordinal')
      .execute(),
    db
      .selectFrom('concept_map_relationships')
      .select(['id', 'source_id', 'target_id', 'relationship', 'strength', 'count'])
      .where('campaign_id', '=', campaignId)
      .orderBy('strength', 'desc')
      .orderBy('count', 'desc')
      .execute(),
    db
      .selectFrom('concept_map_documents as p')
      .innerJoin('documents as d', 'd.id', 'p.document_id')
      .select(['p.document_id', 'p.content_hash', 'p.processed_at', 'd.dataset_id', 'd.filename', 'd.passages_hash as current_hash'])
      .where('p.campaign_id', '=', campaignId)
      .orderBy('d.filename')
      .execute(),
  ]);

  const passagesOf = new Map<string, SourcePassage[]>();
  for (const passage of passages) {
    const list = passagesOf.get(passage.concept_id) ?? [];
    list.push({ document_id: passage.document_id, dataset_id: passage.dataset_id, filename: passage.filename, quote: passage.quote });
    passagesOf.set(passage.concept_id, list);
  }
  return {
    campaign_id: campaignId,
    concepts: concepts.map((concept) => ({
      id: concept.id,
      name: concept.name,
      type: isConceptType(concept.type) ? concept.type : 'concept',
      description: concept.description,
      sources: concept.source_count,
      aliases: concept.aliases,
      source_passages: passagesOf.get(concept.id) ?? [],
      visual: { color: conceptColor(concept.type) },
    })),
    relationships: relationships.map((relationship) => ({
      id: relationship.id,
      source: relationship.source_id,
      target: relationship.target_id,
      relationship: relationship.relationship,
      strength: relationship.strength,
      count: relationship.count,
    })),
    settings: readSettings(row.settings),
    processed_docs: processed.map((doc) => ({
      id: doc.document_id,
      dataset_id: doc.dataset_id,
      filename: doc.filename,
      processed_at: doc.processed_at.toISOString(),
      outdated: (doc.current_hash ?? EMPTY_HASH) !== doc.content_hash,
    })),
    last_updated: row.last_updated ? row.last_updated.toISOString() : null,
    engine: engineOf(row.engine),
    job: await jobOf(db, row),
  };
}

/** The map's last generation job, while it runs, or when it failed after the map was last built. */
async function jobOf(db: Kysely<DB>, row: { job_id: string | null; last_updated: Date | null }): Promise<MapJob | null> {
  if (!row.job_id) return null;
  const job = await db
    .selectFrom('jobs')
    .select(['id', 'status', 'progress', 'progress_message', 'error', 'updated_at'])
    .where('id', '=', row.job_id)
    .executeTakeFirst();
  if (!job || job.status === 'completed') return null;
  if (job.status === 'failed' && row.last_updated && job.updated_at < row.last_updated) return null;
  return { id: job.id, status: job.status, progress: job.progress, progress_message: job.progress_message, error: job.error };
}
