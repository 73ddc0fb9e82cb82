import type { Kysely } from 'kysely';
import { contentTerms } from '../../ai/terms';
import type { Embedder } from '../../ai/types';
import type { DB } from '../../db/schema';
import type { CampaignAccess } from '../ownership';
import type { RetrievedPassage } from '../retrieval';
import { listSessions } from '../sessions/sessions';
import { listEvents } from '../timeline/timeline';
import { estimateTokens } from '../../text/tokens';
import { recordSimilarities } from './record-vectors';
import { recordSearchUsage } from './usage-records';

/**
 * The campaign's own record as sources of an answer (issue 35): its timeline events and its
 * sessions' notes, read as the asker may read them (a player: shown events and shown sessions,
 * notes without their `:::gm` blocks; listEvents and listSessions decide). Each is a passage the
 * model cites like a tome's, labelled "Timeline: …" or "Session 4: …" and linked to the
 * timeline or the session. Chosen by the question's terms, and with an embedding model also by
 * meaning (record-vectors.ts, ADR 0338); "last session" asks for the latest.
 */
export interface RecordPassage extends RetrievedPassage {
  /** Where the citation opens: the timeline at the event, or the session on the sessions page. */
  link: string;
}

/** At most this many records join the tomes' passages (they are short, and the tomes still answer). */
const MAX_RECORDS = 4;
/** A session's notes are sent whole up to this many characters (a long log is cut, the cited part first). */
const SESSION_CHARS = 3_000;
/**
 * The cosine above which a record is close enough in meaning to join without a shared word; an
 * embedding model puts unrelated short texts well below it. Its weight makes a close record rank
 * like one sharing two of the question's terms.
 */
const MIN_SIMILARITY = 0.3;
const SIMILARITY_WEIGHT = 2;

const LATEST_SESSION = /\b(last|latest|previous|most recent|this past)\s+(session|game|week|time)\b/i;
const WHEN = /\bwhen\b|\bwhat (day|date)\b/i;

export const isRecordPassage = (passage: RetrievedPassage): passage is RecordPassage => 'link' in passage;

export async function recordPassages(db: Kysely<DB>, access: CampaignAccess, query: string, embedder?: Embedder): Promise<RecordPassage[]> {
  const [events, sessions] = await Promise.all([listEvents(db, access), listSessions(db, access)]);
  if (events.length === 0 && sessions.length === 0) return [];
  const asked = new Set(contentTerms(query));
  const overlap = (text: string) => {
    const seen = new Set(contentTerms(text));
    let shared = 0;
    for (const term of asked) if (seen.has(term)) shared += 1;
    return shared;
  };
  const campaignId = encodeURIComponent(access.campaign.id);
  const candidates: Array<{ passage: Omit<RecordPassage, 'chunkId'>; score: number }> = [];
  for (const event of events) {
    const content = [
      `${event.title} (${event.date_label})`,
      event.location && `Where: ${event.location}`,
      event.participants.length > 0 && `Who: ${event.participants.join(', ')}`,
      event.description,
    ]
      .filter(Boolean)
      .join('\n');
    const score = overlap(`${event.title} ${event.location} ${event.participants.join(' ')} ${event.description}`) * (WHEN.test(query) ? 1.5 : 1);
    // The GM opens the event itself; a player, the timeline they read.
    const link = access.audience === 'gm' ? `/timeline?campaign=${campaignId}&edit=${event.id}` : `/play/${campaignId}?view=timeline`;
    candidates.push({ passage: passageOf(`Timeline: ${event.title} (${event.date_label})`, content, link), score });
  }
  const latest = sessions.at(-1);
  for (const session of sessions) {
    const notes = session.notes.trim();
    // The notes first (the label names the session); its dates after them.
    const dates = [session.world_label && `In the world: ${session.world_label}.`, session.played_on && `Played on ${session.played_on}.`].filter(Boolean).join(' ');
    const content = [notes.slice(0, SESSION_CHARS), dates].filter(Boolean).join('\n\n');
    const asksLatest = session === latest && LATEST_SESSION.test(query);
    const score = overlap(`${session.title} ${notes}`) + (asksLatest ? 100 : 0);
    const label = `Session ${session.number}: ${session.title}`;
    candidates.push({ passage: passageOf(label, content, `/campaigns/${campaignId}/sessions#session-${session.id}`), score });
  }
  const meaning = embedder
    ? await recordSimilarities(
        db,
        embedder,
        access.campaign.id,
        query,
        candidates.map(({ passage }) => `${passage.filename}\n${passage.content}`),
      )
    : null;
  if (meaning) {
    await recordSearchUsage(db, access.userId, { embedding: meaning.embedding, rerank: null }, access.campaign.id);
    meaning.similarities.forEach((similarity, index) => {
      if (similarity >= MIN_SIMILARITY) candidates[index].score += SIMILARITY_WEIGHT * similarity;
    });
  }
  return candidates
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_RECORDS)
    .map(({ passage, score }, index) => ({ ...passage, score, chunkId: -1 - index }));
}

function passageOf(label: string, content: string, link: string): Omit<RecordPassage, 'chunkId' | 'score'> & { score: number } {
  return {
    documentId: '',
    datasetId: '',
    filename: label,
    headingPath: '',
    page: null,
    content,
    tokenCount: estimateTokens(content),
    score: 0,
    exactMatch: false,
    generated: false,
    link,
  };
}
