import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Calendar } from '../../../../contract/calendar';
import { EVENT_LIMITS, EVENT_TYPES, eventTypeInfo, isEventType, type EventType } from '../../../../contract/timeline';
import { AiProviderError } from '../../../ai/errors';
import { costOf } from '../../../ai/pricing';
import type { AiProviders } from '../../../ai/providers';
import { isModelEngine, type StructuredOutputTool } from '../../../ai/types';
import { z } from 'zod';
import type { DB } from '../../../db/schema';
import { badRequest, DomainError, notFound } from '../../errors';
import { isUuid, linkedDatasetIds, requireOwnedCampaign } from '../../ownership';
import { readDocumentText } from '../../tomes/document-text';
import { recordUsage } from '../../usage/usage';
import { calendarFor } from '../calendar';
import { eventInputSchema, type AcceptProposalInput, type ProposeResult, type TimelineProposal } from '../../../../contract/api/timeline';
import { dayOfInput, insertEvent, readEvents, type TimelineEvent } from '../timeline';
import { createDateReader } from './in-world-dates';
import { chatTalkSpans, dateInOrder, proposeFromNotes, type ProposalDraft } from './session-notes';
import { matchingEvent } from './matching-events';
import { isTableTalk } from './table-talk';

export type { ProposeResult, TimelineProposal } from '../../../../contract/api/timeline';

/** Claude reads at most this much of a document per request (a long campaign log is split by the GM). */
const CLAUDE_MAX_CHARS = 60_000;

export const proposalTool: StructuredOutputTool = {
  name: 'propose_timeline_events',
  description: 'Propose the in-world events of a tabletop session log or session notes, each citing the passage it comes from.',
  inputSchema: {
    type: 'object',
    properties: {
      events: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            title: { type: 'string', description: 'A short headline, under 100 characters' },
            description: { type: 'string' },
            date_text: {
              type: ['string', 'null'],
              description:
                'The in-world date or time phrase the passage (or the heading above it) writes, copied verbatim: "28 Flamerule 1372", "Shieldmeet", "the next morning", "three days later"; null when it writes none',
            },
            session: { type: 'integer', description: 'The 1-based order of the session the passage belongs to within the document' },
            event_type: { type: 'string', enum: [...EVENT_TYPES] },
            participants: { type: 'array', items: { type: 'string' }, description: 'Characters named in the passage' },
            location: { type: 'string' },
            quote: { type: 'string', description: 'The passage, copied verbatim from the document' },
          },
          required: ['title', 'event_type', 'quote', 'session'],
        },
      },
    },
    required: ['events'],
  },
  // What the reading below needs; an item it cannot place is dropped there, not refused here.
  schema: z.object({ events: z.array(z.object({ title: z.string(), quote: z.string() }).passthrough()) }),
};

async function requireNotesDocument(db: Kysely<DB>, userId: string, campaignId: string, documentId: string) {
  const document = isUuid(documentId)
    ? await db
        .selectFrom('documents')
        .select(['id', 'filename', 'dataset_id', 'status'])
        .where('id', '=', documentId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  if (!document) throw notFound('Document');
  if (!(await linkedDatasetIds(db, userId, campaignId)).includes(document.dataset_id)) {
    throw badRequest(`${document.filename} is not in a Knowledge Tome linked to this campaign`);
  }
  if (document.status !== 'ready') throw new DomainError(409, `${document.filename} is still being processed (or failed); propose events once it is ready`);
  return document;
}

const fingerprintOf = (documentId: string, quote: string) =>
  `${documentId}:${createHash('sha256').update(quote.replace(/\s+/g, ' ').trim().toLowerCase()).digest('hex').slice(0, 32)}`;

/** Where a proposal's passage comes from: a document of a linked tome, or a session's notes. */
export type ProposalSource = { document_id: string; session_id?: undefined } | { session_id: string; document_id?: undefined };

/**
 * Reads a session log or notes document and stores its proposed events for review. A passage
 * proposed before keeps its proposal (and its decision), so proposing twice never duplicates an
 * accepted event.
 */
export async function proposeEvents(db: Kysely<DB>, ai: AiProviders, userId: string, campaignId: string, documentId: string): Promise<ProposeResult> {
  await requireOwnedCampaign(db, userId, campaignId);
  const document = await requireNotesDocument(db, userId, campaignId, documentId);
  return proposeFromText(db, ai, userId, campaignId, { document_id: document.id }, await readDocumentText(db, document.id), null);
}

/**
 * The one proposal run of both sources: `sourceDay` is where the source's undated passages fall
 * (a session's in-world date, or the day after the previous session's); without one, the
 * timeline's fallback. Proposals are kept per source and passage (the fingerprint).
 */
export async function proposeFromText(
  db: Kysely<DB>,
  ai: AiProviders,
  userId: string,
  campaignId: string,
  source: ProposalSource,
  notes: string,
  sourceDay: number | null,
): Promise<ProposeResult> {
  const { calendar } = await calendarFor(db, campaignId);
  const baseDay = sourceDay ?? (await fallbackDayOf(db, campaignId, calendar));
  const sourceId = source.document_id ?? `session:${source.session_id}`;

  const engine = ai.engine;
  const drafts = isModelEngine(engine) ? await proposeWithModel(db, ai, userId, notes, calendar, baseDay) : proposeFromNotes(notes, calendar, baseDay);

  let created = 0;
  await db.transaction().execute(async (trx) => {
    for (const draft of drafts) {
      const day = draft.day ?? Math.min(calendar.maxDay, baseDay + draft.session);
      const inserted = await trx
        .insertInto('timeline_proposals')
        .values({
          campaign_id: campaignId,
          user_id: userId,
          document_id: source.document_id ?? null,
          session_id: source.session_id ?? null,
          fingerprint: fingerprintOf(sourceId, draft.quote),
          title: draft.title.slice(0, EVENT_LIMITS.title),
          description: draft.description.slice(0, EVENT_LIMITS.description),
          event_day: day,
          estimated: draft.day === null || draft.estimated,
          event_type: draft.event_type,
          location: draft.location.slice(0, EVENT_LIMITS.location),
          participants: JSON.stringify(draft.participants.map((name) => name.slice(0, EVENT_LIMITS.listItem)).slice(0, EVENT_LIMITS.listItems)),
          quote: draft.quote,
          quote_start: draft.start,
          quote_end: draft.end,
          engine,
        })
        .onConflict((oc) => oc.columns(['campaign_id', 'fingerprint']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) created += 1;
    }
  });
  const proposals = (await readProposals(db, userId, campaignId, calendar)).filter((proposal) =>
    source.document_id ? proposal.document_id === source.document_id : proposal.session_id === source.session_id,
  );
  return { engine, created, proposals };
}

/**
 * Where passages no date reaches are placed: the day after the campaign's latest event, else the
 * imported calendar's own current date, else the first day of year 1; never today's real date.
 */
async function fallbackDayOf(db: Kysely<DB>, campaignId: string, calendar: Calendar): Promise<number> {
  const latest = await db
    .selectFrom('timeline_events')
    .select((eb) => eb.fn.max('event_day').as('last'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
  if (latest?.last != null) return Math.min(calendar.maxDay, Number(latest.last) + 1);
  const row = await db.selectFrom('campaign_calendars').select('source').where('campaign_id', '=', campaignId).executeTakeFirst();
  const current = (row?.source as { dynamic_data?: { year?: unknown; timespan?: unknown; day?: unknown } } | null)?.dynamic_data;
  if (current && Number.isInteger(current.year) && Number.isInteger(current.timespan) && Number.isInteger(current.day)) {
    const parsed = calendar.parse(`${current.year}-${Number(current.timespan) + 1}-${current.day}`);
    if (parsed.ok) return parsed.day;
  }
  return calendar.toDay({ year: 1, month: 1, day: 1 });
}

async function proposeWithModel(db: Kysely<DB>, ai: AiProviders, userId: string, content: string, calendar: Calendar, baseDay: number): Promise<ProposalDraft[]> {
  const text = content.slice(0, CLAUDE_MAX_CHARS);
  const months = calendar
    .monthsOf(calendar.fromDay(baseDay).year)
    .map((month, index) => `${index + 1} ${month.name}${month.intercalary ? ' (festival days)' : ''}`)
    .join(', ');
  const started = Date.now();
  let answer;
  try {
    answer = await ai.generator.generate({
      system:
        'You read a tabletop RPG session log or session notes and list what happened in the game world, in order, as timeline events. ' +
        'Skip table talk: recaps, attendance, experience points, loot tallies, dice and rules talk, breaks, out-of-character remarks, session start and end. ' +
        'Quote each passage verbatim. ' +
        `The campaign's calendar is ${calendar.name}; its months are: ${months}. Copy the date or time phrase the text writes for each event ` +
        '(or the one its heading writes); real-world timestamps of a log are not in-world dates.',
      messages: [{ role: 'user', content: `<document>\n${text}\n</document>` }],
      maxTokens: 4000,
      tool: proposalTool,
    });
  } catch (error) {
    if (error instanceof AiProviderError) throw new DomainError(error.status === 504 ? 504 : error.status === 503 ? 503 : 502, error.message);
    throw error;
  }
  await recordUsage(db, {
    userId,
    feature: 'timeline',
    model: answer.model,
    inputTokens: answer.usage.inputTokens,
    outputTokens: answer.usage.outputTokens,
    cacheReadTokens: answer.usage.cacheReadTokens,
    cacheWriteTokens: answer.usage.cacheWriteTokens,
    costUsd: costOf(answer.model, answer.usage),
    durationMs: Date.now() - started,
  });
  const events = (answer.toolInput as { events?: unknown } | undefined)?.events;
  if (!Array.isArray(events)) throw new DomainError(502, 'The AI service returned events that could not be read. Please try again.');
  const drafts: ProposalDraft[] = [];
  const dateTexts: string[] = [];
  const inChatTalk = chatTalkSpans(text, calendar, baseDay);
  for (const raw of events) {
    if (!raw || typeof raw !== 'object') continue;
    const item = raw as Record<string, unknown>;
    const quote = typeof item.quote === 'string' ? item.quote.trim() : '';
    const start = quote ? text.indexOf(quote) : -1;
    // A passage that is not in the document cannot be cited: drop it rather than invent a source.
    if (start < 0 || typeof item.title !== 'string' || !item.title.trim() || isTableTalk(quote) || inChatTalk(start, start + quote.length)) continue;
    dateTexts.push([typeof item.date_text === 'string' ? item.date_text : '', quote].join(' — '));
    drafts.push({
      title: item.title.trim(),
      description: typeof item.description === 'string' ? item.description : quote,
      day: null,
      estimated: true,
      session: Math.max(0, (Number.isInteger(item.session) ? (item.session as number) : 1) - 1),
      event_type: isEventType(item.event_type) ? (item.event_type as EventType) : 'player_party',
      participants: Array.isArray(item.participants) ? item.participants.filter((name): name is string => typeof name === 'string' && name.trim() !== '') : [],
      location: typeof item.location === 'string' ? item.location.trim() : '',
      quote,
      start,
      end: start + quote.length,
    });
  }
  // The same reading of dates as the offline engine, over the phrases Claude copied.
  const dates = dateInOrder(
    drafts.map((draft, index) => ({ text: dateTexts[index], session: draft.session })),
    createDateReader(calendar),
    baseDay,
  );
  drafts.forEach((draft, index) => Object.assign(draft, dates[index]));
  return drafts;
}

export async function listProposals(db: Kysely<DB>, userId: string, campaignId: string): Promise<TimelineProposal[]> {
  await requireOwnedCampaign(db, userId, campaignId);
  const { calendar } = await calendarFor(db, campaignId);
  return readProposals(db, userId, campaignId, calendar);
}

async function readProposals(db: Kysely<DB>, userId: string, campaignId: string, calendar: Calendar, proposalId?: string): Promise<TimelineProposal[]> {
  let query = db
    .selectFrom('timeline_proposals')
    .leftJoin('documents', 'documents.id', 'timeline_proposals.document_id')
    .leftJoin('campaign_sessions', 'campaign_sessions.id', 'timeline_proposals.session_id')
    .selectAll('timeline_proposals')
    .select(['documents.filename', 'campaign_sessions.number as session_number', 'campaign_sessions.title as session_title'])
    .where('timeline_proposals.campaign_id', '=', campaignId)
    .where('timeline_proposals.user_id', '=', userId);
  if (proposalId) query = query.where('timeline_proposals.id', '=', proposalId);
  const rows = await query.orderBy('timeline_proposals.event_day').orderBy('timeline_proposals.quote_start').execute();
  const events = rows.some((row) => row.status === 'pending')
    ? await db.selectFrom('timeline_events').select(['id', 'title', 'event_day']).where('campaign_id', '=', campaignId).execute()
    : [];
  return rows.map((row) => {
    const match = row.status === 'pending' ? matchingEvent({ title: row.title, quote: row.quote, day: row.event_day }, events) : null;
    return {
      id: row.id,
      document_id: row.document_id,
      session_id: row.session_id,
      filename: row.filename ?? `Session ${row.session_number}: ${row.session_title}`,
      title: row.title,
      description: row.description,
      date: calendar.format(calendar.fromDay(row.event_day)),
      day: row.event_day,
      date_label: calendar.label(row.event_day),
      estimated: row.estimated,
      event_type: row.event_type,
      color: eventTypeInfo(row.event_type).color,
      location: row.location,
      participants: row.participants,
      quote: row.quote,
      start: row.quote_start,
      end: row.quote_end,
      status: row.status,
      event_id: row.event_id,
      engine: row.engine,
      matches_event: match ? { id: match.id, title: match.title, date_label: calendar.label(match.event_day) } : null,
    };
  });
}

async function requireProposal(db: Kysely<DB>, userId: string, campaignId: string, proposalId: string, calendar: Calendar) {
  const [proposal] = isUuid(proposalId) ? await readProposals(db, userId, campaignId, calendar, proposalId) : [];
  if (!proposal) throw notFound('Proposal');
  if (proposal.status !== 'pending') throw new DomainError(409, `This proposal was already ${proposal.status}`);
  return proposal;
}

/**
 * Turns a proposal into an event (with the GM's edits, if any, and the players' visibility the
 * GM chose) that links its document, in one transaction with the proposal's new status; or, with
 * `merge_into`, links the document to that existing event instead.
 */
export async function acceptProposal(
  db: Kysely<DB>,
  userId: string,
  campaignId: string,
  proposalId: string,
  edits: AcceptProposalInput = {},
): Promise<TimelineEvent> {
  await requireOwnedCampaign(db, userId, campaignId);
  const { calendar } = await calendarFor(db, campaignId);
  const proposal = await requireProposal(db, userId, campaignId, proposalId, calendar);
  const eventId = await db.transaction().execute((trx) => acceptInTransaction(trx, userId, campaignId, calendar, proposal, edits));
  return (await readEvents(db, userId, campaignId, eventId))[0];
}

async function acceptInTransaction(
  trx: Kysely<DB>,
  userId: string,
  campaignId: string,
  calendar: Calendar,
  proposal: TimelineProposal,
  edits: AcceptProposalInput,
): Promise<string> {
  let id: string;
  if (edits.merge_into) {
    const [target] = isUuid(edits.merge_into) ? await readEvents(trx, userId, campaignId, edits.merge_into) : [];
    if (!target) throw notFound('Event');
    if (proposal.document_id) {
      await trx
        .insertInto('timeline_event_documents')
        .values({ event_id: target.id, document_id: proposal.document_id })
        .onConflict((oc) => oc.columns(['event_id', 'document_id']).doNothing())
        .execute();
    }
    id = target.id;
  } else {
    const fields = eventInputSchema.parse({
      title: edits.title ?? proposal.title,
      description: edits.description ?? proposal.description,
      event_type: edits.event_type ?? proposal.event_type,
      location: edits.location ?? proposal.location,
      participants: edits.participants ?? proposal.participants,
      tags: edits.tags ?? [],
      linked_documents: proposal.document_id ? [proposal.document_id] : [],
      player_visible: edits.player_visible ?? false,
    });
    const day = edits.date || typeof edits.day === 'number' ? dayOfInput(calendar, edits) : proposal.day;
    id = await insertEvent(trx, userId, campaignId, fields, day, proposal.document_id ? [proposal.document_id] : []);
  }
  const updated = await trx
    .updateTable('timeline_proposals')
    .set({ status: 'accepted', event_id: id })
    .where('id', '=', proposal.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  // Two accepts at once: only the first wins, the second leaves nothing behind.
  if (Number(updated.numUpdatedRows) !== 1) throw new DomainError(409, 'This proposal was already accepted');
  return id;
}

/**
 * Accepts every pending proposal (of one document or session, or all), in one transaction: each becomes an
 * event shown to the players or not as the GM chose, and a proposal that tells of an event already
 * on the timeline is merged into it rather than duplicating it.
 */
export async function acceptAllProposals(
  db: Kysely<DB>,
  userId: string,
  campaignId: string,
  options: { document_id?: string | null; session_id?: string | null; player_visible?: boolean } = {},
): Promise<{ accepted: number; merged: number }> {
  await requireOwnedCampaign(db, userId, campaignId);
  const { calendar } = await calendarFor(db, campaignId);
  const pending = (await readProposals(db, userId, campaignId, calendar)).filter(
    (proposal) =>
      proposal.status === 'pending' &&
      (!options.document_id || proposal.document_id === options.document_id) &&
      (!options.session_id || proposal.session_id === options.session_id),
  );
  let merged = 0;
  await db.transaction().execute(async (trx) => {
    for (const proposal of pending) {
      if (proposal.matches_event) merged += 1;
      await acceptInTransaction(trx, userId, campaignId, calendar, proposal, {
        player_visible: options.player_visible ?? false,
        merge_into: proposal.matches_event?.id ?? null,
      });
    }
  });
  return { accepted: pending.length - merged, merged };
}

export async function rejectProposal(db: Kysely<DB>, userId: string, campaignId: string, proposalId: string): Promise<void> {
  await requireOwnedCampaign(db, userId, campaignId);
  const { calendar } = await calendarFor(db, campaignId);
  const proposal = await requireProposal(db, userId, campaignId, proposalId, calendar);
  await db.updateTable('timeline_proposals').set({ status: 'rejected' }).where('id', '=', proposal.id).where('status', '=', 'pending').execute();
}
