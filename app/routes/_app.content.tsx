import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import {
  CONTENT_MESSAGES,
  DEFAULT_CHARACTER_FORMAT,
  isCharacterFormat,
  isContentType,
  type CharacterFormat,
  type ContentType,
  type GeneratedContent,
} from '../../contract/content';
import { contentLinks } from '~/components/content/content-links';
import { DashboardContentCreator } from '~/components/content/dashboard-content-creator';
import { sessionHref } from '~/components/content/content-urls';
import type { ContentInitialState, ResultRequest } from '~/components/content/types';
import { PageHeader } from '~/components/page-header';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import { formFields } from '~/lib/form-data';
import { requireUser } from '~/lib/session.server';

export const links: LinksFunction = () => contentLinks();
export const meta: MetaFunction = () => [{ title: 'Content Workshop · Tomekeeper' }];

/**
 * /content: the content creator on a page of its own. Every content form (here, on the
 * Assistant's Create Content tab and on the dashboard) posts to this action when JavaScript is
 * off, and the result is shown here: ?campaign&conversation&type&format&dataset name the
 * content conversation, ?revisions=1 shows the log, ?preview=1 the save form, ?saved the notice.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request);
  const { db } = context.services;
  const { campaigns: campaignsDomain, chat, content } = context.domain;
  const url = new URL(request.url);
  const param = (name: string) => url.searchParams.get(name) ?? '';

  let campaigns: Awaited<ReturnType<typeof campaignsDomain.listCampaigns>>;
  let tomes: Awaited<ReturnType<typeof context.domain.tomes.listDatasets>>;
  try {
    campaigns = await campaignsDomain.listCampaigns(db, user.id);
    tomes = await context.domain.tomes.listDatasets(db, user.id);
  } catch (error) {
    context.log.error({ err: error }, 'loading campaigns and tomes failed');
    return { loadError: 'Failed to load campaigns and datasets', campaigns: [], tomes: [], initial: null };
  }

  const campaign = campaigns.find((c) => c.id === param('campaign')) ?? campaigns[0] ?? null;
  const contentType: ContentType = isContentType(param('type')) ? (param('type') as ContentType) : 'character';
  const characterFormat: CharacterFormat = isCharacterFormat(param('format')) ? (param('format') as CharacterFormat) : DEFAULT_CHARACTER_FORMAT;
  const datasetId = tomes.some((t) => t.id === param('dataset'))
    ? param('dataset')
    : (tomes.find((t) => campaign?.datasets.includes(t.id))?.id ?? '');
  const initial: ContentInitialState = {
    settings: { campaignId: campaign?.id ?? '', contentType, characterFormat, datasetId, prompt: param('prompt').slice(0, 4000) },
    result: null,
    request: null,
    log: [],
    showLog: param('revisions') === '1',
    preview: param('preview') === '1',
    saved: param('saved') || null,
    error: null,
  };

  if (campaign && param('conversation')) {
    try {
      const session = await content.getContentSession(db, user.id, campaign.id, param('conversation'));
      const request: ResultRequest = {
        campaignId: campaign.id,
        contentType,
        characterFormat: contentType === 'character' ? characterFormat : null,
        datasetId,
        prompt: session.prompt,
      };
      const result: GeneratedContent = {
        content: session.content,
        markdown: content.documentMarkdown({
          content: session.content,
          contentType,
          characterFormat: request.characterFormat,
          campaignName: campaign.name,
          sources: session.sources,
          generatedAt: new Date(),
        }),
        sources: session.sources,
        tokens: session.tokens,
        conversation_id: session.conversation_id,
        content_type: contentType,
        character_format: request.characterFormat,
        engine: session.engine ?? 'offline',
        version: session.version,
        citations: session.citations,
      };
      initial.result = session.version > 0 ? result : null;
      initial.request = request;
      initial.log = session.log;
      initial.settings.prompt = session.prompt;
    } catch (error) {
      initial.error = failureMessage(context, error) ?? 'Failed to load the content.';
    }
  }
  return { loadError: null, campaigns, tomes, initial };
}

const FALLBACKS: Record<string, string> = {
  generate: CONTENT_MESSAGES.generateFailed,
  revise: CONTENT_MESSAGES.reviseFailed,
  save: CONTENT_MESSAGES.saveFailed,
};

/** The content forms without JavaScript: generate, revise and save, each the same domain call as the API. */
export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireUser(context, request);
  const { db, ai } = context.services;
  const { content } = context.domain;
  const fields = formFields(await request.formData());
  const intent = fields.intent ?? '';
  const campaignId = fields.campaign_id ?? '';
  const contentType = fields.content_type ?? '';
  const characterFormat = contentType === 'character' ? fields.character_format || DEFAULT_CHARACTER_FORMAT : undefined;
  const asked = {
    campaignId,
    contentType: (isContentType(contentType) ? contentType : 'character') as ContentType,
    characterFormat: (isCharacterFormat(characterFormat) ? characterFormat : null) as CharacterFormat | null,
    datasetId: fields.primary_dataset_id ?? '',
    prompt: fields.prompt ?? '',
  };
  try {
    if (intent === 'generate' || intent === 'revise') {
      const generated = await content.createContent(db, user.id, ai, campaignId, {
        content_type: contentType,
        prompt: fields.prompt,
        character_format: characterFormat,
        primary_dataset_id: fields.primary_dataset_id,
        conversation_id: intent === 'revise' ? fields.conversation_id : undefined,
        is_revision: intent === 'revise',
      });
      const showLog = new URL(request.url).searchParams.get('revisions') === '1';
      return redirect(sessionHref(asked, generated.conversation_id, { revisions: intent === 'revise' && showLog }));
    }
    if (intent === 'save') {
      const session = await content.getContentSession(db, user.id, campaignId, fields.conversation_id ?? '');
      const saved = await content.saveContent(db, user.id, context.services, campaignId, {
        dataset_id: fields.dataset_id,
        content: session.content,
        filename: fields.filename,
        content_type: contentType,
        character_format: characterFormat,
        sources: session.sources,
      });
      const params = new URLSearchParams({ campaign: campaignId, type: asked.contentType, dataset: asked.datasetId, saved: saved.filename });
      if (asked.characterFormat) params.set('format', asked.characterFormat);
      return redirect(`/content?${params.toString()}`);
    }
    return data({ intent, error: 'Unknown content action.', fields: asked }, { status: 400 });
  } catch (error) {
    const message = failureMessage(context, error) ?? FALLBACKS[intent] ?? CONTENT_MESSAGES.generateFailed;
    return data({ intent, error: message, fields: asked }, { status: statusOf(context, error) });
  }
}

export default function ContentPage() {
  const { loadError, campaigns, tomes, initial } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const location = useLocation();

  let state = initial;
  if (state && failed) {
    if (failed.intent === 'save') state = { ...state, preview: true, saveError: failed.error };
    else if (failed.intent === 'revise') state = { ...state, error: failed.error };
    else {
      state = {
        ...state,
        settings: {
          campaignId: failed.fields.campaignId || state.settings.campaignId,
          contentType: failed.fields.contentType,
          characterFormat: failed.fields.characterFormat ?? state.settings.characterFormat,
          datasetId: failed.fields.datasetId,
          prompt: failed.fields.prompt,
        },
        result: null,
        request: null,
        error: failed.error,
      };
    }
  }
  const campaignId = state?.settings.campaignId ?? '';

  return (
    <main className="page content-page">
      <PageHeader title="Content Workshop" subtitle="Characters, locations, missions and lore, written from your own Knowledge Tomes.">
        {campaignId && (
          <Link className="button" to={`/assistant?campaign=${campaignId}&tab=create`}>
            Open in Campaign Assistant
          </Link>
        )}
      </PageHeader>
      {loadError && (
        <p className="notice error" role="alert">
          {loadError}
        </p>
      )}
      {state && (
        <DashboardContentCreator key={`${location.search}:${failed?.error ?? ''}`} campaigns={campaigns} datasets={tomes} initial={state} />
      )}
    </main>
  );
}
