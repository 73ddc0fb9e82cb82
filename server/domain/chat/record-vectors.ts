import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { OFFLINE_EMBEDDING_MODEL } from '../../ai/offline-embedder';
import type { Embedder } from '../../ai/types';
import type { DB } from '../../db/schema';
import { log } from '../../log';
import { storedVector } from '../ingest/vectors';
import type { SearchResult } from '../retrieval';

/**
 * How close a campaign's records (events, sessions' notes) are in meaning to a question, by the
 * configured embedding model (ADR 0338). A record's vector is made the first time a question
 * meets its wording and kept by the text's hash and the model (`campaign_record_vectors`), so an
 * edited note is embedded again and an unchanged one never. The texts are those the asker may
 * read (a player's have no GM blocks), so a player's question is never compared with a GM secret.
 * With the offline embedder there is nothing to gain over shared words: null.
 */
export async function recordSimilarities(
  db: Kysely<DB>,
  embedder: Embedder,
  campaignId: string,
  query: string,
  texts: string[],
): Promise<{ similarities: number[]; embedding: NonNullable<SearchResult['embedding']> } | null> {
  if (embedder.model === OFFLINE_EMBEDDING_MODEL || texts.length === 0 || query.trim() === '') return null;
  const started = performance.now();
  const hashes = texts.map((text) => createHash('sha256').update(text).digest('hex'));
  try {
    const stored = await db
      .selectFrom('campaign_record_vectors')
      .select(['content_hash', 'embedding'])
      .where('campaign_id', '=', campaignId)
      .where('model', '=', embedder.model)
      .where('content_hash', 'in', [...new Set(hashes)])
      .execute();
    const vectorOf = new Map<string, ArrayLike<number>>(stored.map((row) => [row.content_hash, row.embedding]));
    const missing = [...new Set(hashes.filter((hash) => !vectorOf.has(hash)))];
    const [asked, made] = await Promise.all([
      embedder.embed([query], 'query'),
      missing.length > 0
        ? embedder.embed(
            missing.map((hash) => texts[hashes.indexOf(hash)]),
            'document',
          )
        : null,
    ]);
    if (made) {
      missing.forEach((hash, index) => vectorOf.set(hash, made.vectors[index]));
      await db
        .insertInto('campaign_record_vectors')
        .values(missing.map((hash, index) => ({ campaign_id: campaignId, model: embedder.model, content_hash: hash, embedding: storedVector(made.vectors[index]) })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    const question = asked.vectors[0];
    // The vectors are L2-normalised: the dot product is the cosine.
    const similarities = hashes.map((hash) => {
      const vector = vectorOf.get(hash)!;
      let sum = 0;
      for (let i = 0; i < question.length; i++) sum += question[i] * (vector[i] ?? 0);
      return sum;
    });
    return { similarities, embedding: { model: embedder.model, tokens: asked.tokens + (made?.tokens ?? 0), durationMs: performance.now() - started } };
  } catch (error) {
    // The question is still answered: the records are matched by their words, as offline.
    log().warn({ err: error }, 'embedding the campaign record failed; matching it by words');
    return null;
  }
}
