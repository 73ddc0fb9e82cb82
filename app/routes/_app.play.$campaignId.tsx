import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { parseQuoteRange } from '../../contract/citation-target';
import { countOf } from '../../contract/usage';
import { PLAYER_VIEWS, type PlayerView, playerViewUrl } from '../../contract/player-views';
import { isMarkdownType } from '../../contract/tomes';
import { documentChatSchema } from '../../contract/chat-forms';
import { PageHeader } from '~/components/page-header';
import { VisibilityBadge } from '~/components/tomes/gm-blocks-view';
import { MarkdownView } from '~/components/tomes/markdown-view';
import { PlainText } from '~/components/tomes/plain-text';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { FieldError, FormError } from '~/components/field-error';
import { readFormOrEmpty } from '~/lib/form-data';
import { parseForm } from '~/lib/form-parse';
import { documentQuestionForm } from '~/lib/form-schemas';
import { type FormReply, getFormProps, getTextareaProps, useSchemaForm } from '~/lib/forms';
import { requireUser } from '~/lib/session.server';
import { viewAsPlayer } from '~/lib/view-as.server';
import { orNotFound } from '~/lib/seats.server';

export const meta: MetaFunction = () => [{ title: 'Campaign · Tomekeeper' }];

const VIEWS = PLAYER_VIEWS;
type View = PlayerView;

/**
 * A campaign as its reader sees it (issue #14), read-only and without JavaScript: the documents,
 * one document with its Document Assistant, the timeline and the concept map. A player (and the
 * GM with "view as player" on) reads only what the GM shows; the GM sees everything, GM-only
 * material marked. Anyone without a seat gets 404.
 */
export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { ownership, tomes, timeline, conceptMap, chat } = context.domain;
  const url = new URL(request.url);
  const access = await orNotFound(context, ownership.requireCampaignAccess(db, user.id, params.campaignId ?? '', { viewAsPlayer: viewAsPlayer(request) }));
  const requestedView = url.searchParams.get('view');
  const view: View = (VIEWS as readonly string[]).includes(requestedView ?? '') ? (requestedView as View) : 'documents';
  const documentId = url.searchParams.get('document');
  const campaign = { id: access.campaign.id, name: access.campaign.name, description: access.campaign.description };
  const base = { campaign, view, audience: access.audience, role: access.role };

  if (documentId) {
    const [document, conversation] = await orNotFound(
      context,
      Promise.all([tomes.getCampaignDocument(db, access, documentId), chat.getCampaignDocumentConversation(db, access, documentId)]),
    );
    return {
      ...base,
      document,
      highlight: parseQuoteRange(url.searchParams.get('at'), document.content.length),
      conversation,
      documents: null,
      events: null,
      map: null,
    };
  }
  const none = { document: null, highlight: null, conversation: null, documents: null, events: null, map: null };
  if (view === 'timeline') return { ...base, ...none, events: await timeline.listEvents(db, access) };
  if (view === 'map') return { ...base, ...none, map: await conceptMap.getConceptMap(db, access) };
  return { ...base, ...none, documents: await tomes.listCampaignDocuments(db, access) };
}

const ASK = 'ask-document';

/** The Document Assistant's question, as a plain form: the answer, then back to the document. */
export async function action({ context, request, params }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const { db, ai } = context.services;
  const form = await readFormOrEmpty(request);
  const campaignId = params.campaignId ?? '';
  const documentId = String(form.get('document_id') ?? '');
  const submission = parseForm(form, documentChatSchema);
  if (submission.status !== 'success') return data<FormReply>({ intent: ASK, result: submission.reply() }, { status: 400 });
  try {
    const access = await context.domain.ownership.requireCampaignAccess(db, user.id, campaignId, { viewAsPlayer: viewAsPlayer(request) });
    await context.domain.chat.askCampaignDocument(db, access, ai, documentId, submission.value);
    return redirect(`/play/${encodeURIComponent(campaignId)}?document=${encodeURIComponent(documentId)}`);
  } catch (error) {
    const status = statusOf(context, error);
    if (status === 404) throw new Response('Not found', { status: 404 });
    const message = failureMessage(context, error) ?? 'The assistant could not answer.';
    return data<FormReply>({ intent: ASK, result: submission.reply({ formErrors: [message] }) }, { status });
  }
}

export default function PlayCampaignPage() {
  const loaded = useLoaderData<typeof loader>();
  const { campaign, audience, role } = loaded;
  const here = `/play/${campaign.id}`;
  return (
    <main className="page play-page">
      <PageHeader title={campaign.name} subtitle={campaign.description || 'The campaign’s shared knowledge.'} />
      {/* Viewing as a player is announced by the switch's bar on every screen (components/seats). */}
      {role === 'gm' && audience === 'gm' && (
        <p className="notice info" role="status">
          You are the GM: material marked “GM only” is hidden from players.
        </p>
      )}
      <nav className="tabs" aria-label="Campaign sections">
        {VIEWS.map((view) => (
          <Link
            key={view}
            to={playerViewUrl(campaign.id, view)}
            className={loaded.view === view && !loaded.document ? 'tab active' : 'tab'}
            aria-current={loaded.view === view && !loaded.document ? 'page' : undefined}
          >
            {view === 'documents' ? 'Documents' : view === 'timeline' ? 'Timeline' : 'Concept Map'}
          </Link>
        ))}
        <Link to={`/assistant?campaign=${campaign.id}`} className="tab">
          Ask the Assistant
        </Link>
      </nav>
      {role === 'player' && (
        <p className="play-home-links small">
          <Link to="/dashboard">← Your campaigns</Link>
          <Link to={`/campaigns/${campaign.id}/notes`}>My notes</Link>
        </p>
      )}
      <section className="card">
        {loaded.document ? (
          <DocumentReader loaded={loaded} here={here} />
        ) : loaded.documents ? (
          <DocumentList documents={loaded.documents} here={here} />
        ) : loaded.events ? (
          <EventList events={loaded.events} />
        ) : loaded.map ? (
          <MapSummary map={loaded.map} here={here} />
        ) : null}
      </section>
    </main>
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/** Who sees the document, where players do not see all of it (nothing for a plain shown document). */
function GmOnly({ shown, hasGmBlocks = false }: { shown: boolean; hasGmBlocks?: boolean }) {
  return shown && !hasGmBlocks ? null : <VisibilityBadge shown={shown} hasGmBlocks={hasGmBlocks} />;
}

function DocumentList({ documents, here }: { documents: NonNullable<Loaded['documents']>; here: string }) {
  return (
    <>
      <h2>Documents</h2>
      <p className="muted small">
        {countOf(documents.document_count, 'document')} · {documents.total_tokens.toLocaleString('en-US')} tokens
      </p>
      {documents.documents.length === 0 ? (
        <p className="muted">Nothing has been shared yet.</p>
      ) : (
        <ul className="document-list" data-testid="play-documents">
          {documents.documents.map((doc) => (
            <li key={doc.id} className="document-row">
              <span className="badge doc-type">{doc.file_type.toUpperCase()}</span>
              <div className="document-main">
                <Link to={`${here}?document=${doc.id}`} className="document-name">
                  {doc.filename}
                </Link>{' '}
                <GmOnly shown={doc.player_visible} hasGmBlocks={doc.has_gm_blocks} />
                <span className="muted small">
                  {doc.dataset_name} · {doc.token_count.toLocaleString('en-US')} tokens
                </span>
                {doc.content_preview && <span className="document-preview small">{doc.content_preview}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function DocumentReader({ loaded, here }: { loaded: Loaded; here: string }) {
  const [form, fields] = useSchemaForm(ASK, documentQuestionForm);
  const navigation = useNavigation();
  const document = loaded.document!;
  const conversation = loaded.conversation;
  return (
    <>
      <p>
        <Link to={here}>← All documents</Link>
      </p>
      <h2>
        {document.filename} <GmOnly shown={document.player_visible} hasGmBlocks={document.has_gm_blocks} />
      </h2>
      {document.has_gm_blocks && <p className="notice info small">The marked GM-only parts below are cut out of what players read.</p>}
      {isMarkdownType(document.file_type) ? (
        <div className="document-text rendered" data-testid="document-content">
          <MarkdownView text={document.content} highlight={loaded.highlight} />
        </div>
      ) : (
        <PlainText text={document.content} highlight={null} fileType={document.file_type} />
      )}
      <h3>Ask about this document</h3>
      {conversation && (
        <ol className="stack" data-testid="document-conversation">
          {conversation.messages.map((message, index) => (
            <li key={index} className={`chat-message ${message.role}`}>
              <strong>{message.role === 'user' ? 'You' : 'Assistant'}:</strong> {message.content}
            </li>
          ))}
        </ol>
      )}
      <Form method="post" className="stack" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={ASK} />
        <input type="hidden" name="document_id" value={document.id} />
        {conversation && <input type="hidden" name="conversation_id" value={conversation.id} />}
        <label>
          Question
          <textarea {...getTextareaProps(fields.query)} rows={2} />
          <FieldError field={fields.query} />
        </label>
        <FormError form={form} />
        <button type="submit" className="primary" disabled={navigation.state === 'submitting'}>
          Ask
        </button>
      </Form>
    </>
  );
}

function EventList({ events }: { events: NonNullable<Loaded['events']> }) {
  return (
    <>
      <h2>Timeline</h2>
      <p className="muted small">{countOf(events.length, 'event')}</p>
      {events.length === 0 ? (
        <p className="muted">No events yet.</p>
      ) : (
        <ol className="tl-list" data-testid="play-events">
          {events.map((event) => (
            <li key={event.id} className="tl-list-item">
              <p className="tl-list-title">
                <strong>{event.title}</strong> <GmOnly shown={event.player_visible} />
              </p>
              <p className="muted small">
                {event.date_label}
                {event.location && <> · {event.location}</>}
              </p>
              {event.description && <p className="tl-list-description">{event.description}</p>}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function MapSummary({ map, here }: { map: NonNullable<Loaded['map']>; here: string }) {
  const names = new Map(map.concepts.map((concept) => [concept.id, concept.name]));
  return (
    <>
      <h2>Concept Map</h2>
      <p className="muted small">
        {countOf(map.concepts.length, 'concept')} · {countOf(map.relationships.length, 'relationship')} · from {countOf(map.processed_docs.length, 'document')}
      </p>
      {map.concepts.length === 0 ? (
        <p className="muted">No concepts yet.</p>
      ) : (
        <div className="row play-map">
          <ul className="stack" data-testid="play-concepts" aria-label="Concepts">
            {map.concepts.map((concept) => (
              <li key={concept.id}>
                <strong>{concept.name}</strong>{' '}
                <span className="muted small">
                  ({concept.type}, {countOf(concept.sources, 'passage')})
                </span>
                {concept.description && <p className="small">{concept.description}</p>}
                {concept.source_passages.slice(0, 1).map((source) => (
                  <p key={source.document_id} className="muted small">
                    <Link to={`${here}?document=${source.document_id}`}>{source.filename}</Link>: “{source.quote}”
                  </p>
                ))}
              </li>
            ))}
          </ul>
          <ul className="stack" aria-label="Relationships">
            {map.relationships.map((relationship) => (
              <li key={relationship.id} className="small">
                {names.get(relationship.source)} <em>{relationship.relationship}</em> {names.get(relationship.target)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
