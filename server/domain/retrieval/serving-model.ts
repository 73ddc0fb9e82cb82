import { sql, type Kysely } from 'kysely';
import type { Embedder } from '../../ai/types';
import type { DB } from '../../db/schema';

/**
 * Which embedding model a search compares the question with (ADR 0296). While the library is
 * being re-embedded for a new model, some passage has a vector of an older model and none of the
 * new one: the older model then serves, if its embedder can still be made (`Embedder.standIn`),
 * so every passage stays findable until the new vectors are complete. Vectors of different
 * models are never compared: the search filters on the model of the embedder it used.
 */

/** How long a process trusts what it found (a re-embedding in another process is seen this much later). */
const CHECKED_FOR_MS = 5_000;

const checked = new WeakMap<object, { at: number; model: Promise<string | null>; current: string }>();

export async function servingEmbedder(db: Kysely<DB>, embedder: Embedder): Promise<Embedder> {
  if (!embedder.standIn) return embedder;
  const older = await olderModelStillServing(db, embedder.model);
  return (older && embedder.standIn(older)) || embedder;
}

/** Forgets what was found (a re-embedding in this process finished). */
export function forgetServingModel(db: Kysely<DB>): void {
  checked.delete(db);
}

function olderModelStillServing(db: Kysely<DB>, model: string): Promise<string | null> {
  const known = checked.get(db);
  if (known && known.current === model && performance.now() - known.at < CHECKED_FOR_MS) return known.model;
  // Fast when nothing is being re-embedded: no vector of another model at all.
  const found = sql<{ model: string }>`
    select o.model from chunk_vectors o
    where (o.model < ${model} or o.model > ${model})
      and not exists (select 1 from chunk_vectors n where n.chunk_id = o.chunk_id and n.model = ${model})
    limit 1`
    .execute(db)
    .then((result) => result.rows[0]?.model ?? null);
  checked.set(db, { at: performance.now(), model: found, current: model });
  found.catch(() => checked.delete(db));
  return found;
}
