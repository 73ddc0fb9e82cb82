import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { CONTENT_MESSAGES, DEFAULT_CHARACTER_FORMAT, isCharacterFormat, isContentType, type CharacterFormat, type ContentType } from '../../../contract/content';
import { contentRequestSchema, contentRevisionSchema, contentSaveSchema } from '../../../contract/content-forms';
import { failureMessage, statusOf } from '~/lib/auth-actions.server';
import type { FormReply } from '~/lib/forms';
import { parseForm } from '~/lib/form-parse';
import { freshHref, hostOf, sessionHref, type ContentIntent } from './content-urls';
import type { ContentCampaign, ContentDataset, ContentInitialState, ResultRequest } from './types';

/**
 * The content creator's state as its page's address names it (?campaign, ?conversation, ?type,
 * ?format, ?dataset, ?prompt; ?revisions=1 shows the log, ?preview=1 the save form, ?saved the
 * notice): the same for /content, the dashboard and the Assistant's Create Content tab.
 */
export async function loadContentState(
  context: AppLoadContext,
  userId: string,
  url: URL,
  campaigns: Array<ContentCampaign & { name: string }>,
  tomes: ContentDataset[],
): Promise<ContentInitialState> {
  const { content } = context.domain;
  const param = (name: string) => url.searchParams.get(name) ?? '';
  const campaign = campaigns.find((c) => c.id === param('campaign')) ?? campaigns[0] ?? null;
  const contentType: ContentType = isContentType(param('type')) ? (param('type') as ContentType) : 'character';
  const characterFormat: CharacterFormat = isCharacterFormat(param('format')) ? (param('format') as CharacterFormat) : DEFAULT_CHARACTER_FORMAT;
  const datasetId = tomes.some((t) => t.id === param('dataset')) ? param('dataset') : (tomes.find((t) => campaign?.datasets.includes(t.id))?.id ?? '');
  const state: ContentInitialState = {
    settings: { campaignId: campaign?.id ?? '', contentType, characterFormat, datasetId, prompt: param('prompt').slice(0, 4000) },
    result: null,
    request: null,
    log: [],
    showLog: param('revisions') === '1',
    preview: param('preview') === '1',
    saved: param('saved') || null,
    error: null,
  };
  if (!campaign || !param('conversation')) return state;
  try {
    const session = await content.getContentSession(context.services.db, userId, campaign.id, param('conversation'));
    const request: ResultRequest = {
      campaignId: campaign.id,
      contentType,
      characterFormat: contentType === 'character' ? characterFormat : null,
      datasetId,
      prompt: session.prompt,
    };
    const markdown = content.documentMarkdown({
      content: session.content,
      contentType,
      characterFormat: request.characterFormat,
      campaignName: campaign.name,
      sources: session.sources,
      generatedAt: new Date(),
    });
    if (session.version > 0) {
      state.result = {
        content: session.content,
        markdown,
        sources: session.sources,
        tokens: session.tokens,
        conversation_id: session.conversation_id,
        content_type: contentType,
        character_format: request.characterFormat,
        engine: session.engine ?? 'offline',
        engine_label: session.engine_label,
        version: session.version,
        citations: session.citations,
      };
    }
    state.request = request;
    state.log = session.log;
    state.settings.prompt = session.prompt;
  } catch (error) {
    state.error = failureMessage(context, error) ?? 'Failed to load the content.';
  }
  return state;
}

/**
 * The content forms, posted to the action of the page they are on (JavaScript on or off):
 * generate, revise and save, each the same domain call as the API. Success goes back to the
 * page with the content's address; a form that needs correcting is answered in place.
 */
export async function contentAction(context: AppLoadContext, userId: string, intent: ContentIntent, form: FormData, requestUrl: string) {
  const { db, ai } = context.services;
  const { content } = context.domain;
  const url = new URL(requestUrl);
  const host = hostOf(url);
  const schema = intent === 'save-content' ? contentSaveSchema : intent === 'revise-content' ? contentRevisionSchema : contentRequestSchema;
  const submission = parseForm(form, schema);
  if (submission.status !== 'success') return data<FormReply>({ intent, result: submission.reply() }, { status: 400 });
  const fields = submission.value;
  const asked: ResultRequest = {
    campaignId: fields.campaign_id,
    contentType: fields.content_type,
    characterFormat: fields.content_type === 'character' ? (fields.character_format ?? DEFAULT_CHARACTER_FORMAT) : null,
    datasetId: fields.primary_dataset_id,
    prompt: 'prompt' in fields ? fields.prompt : '',
  };
  try {
    if ('filename' in fields) {
      const session = await content.getContentSession(db, userId, asked.campaignId, fields.conversation_id);
      const saved = await content.saveContent(db, userId, context.services, asked.campaignId, {
        dataset_id: fields.dataset_id,
        content: session.content,
        filename: fields.filename,
        content_type: asked.contentType,
        character_format: asked.characterFormat,
        sources: session.sources,
      });
      return redirect(
        freshHref(host, asked.campaignId, { type: asked.contentType, dataset: asked.datasetId, format: asked.characterFormat, saved: saved.filename }),
      );
    }
    const revising = 'conversation_id' in fields;
    const generated = await content.createContent(db, userId, ai, asked.campaignId, {
      content_type: asked.contentType,
      prompt: asked.prompt,
      character_format: asked.characterFormat ?? undefined,
      primary_dataset_id: asked.datasetId,
      conversation_id: revising ? fields.conversation_id : undefined,
      is_revision: revising,
    });
    return redirect(sessionHref(host, asked, generated.conversation_id, { revisions: revising && url.searchParams.get('revisions') === '1' }));
  } catch (error) {
    const fallback =
      intent === 'save-content' ? CONTENT_MESSAGES.saveFailed : intent === 'revise-content' ? CONTENT_MESSAGES.reviseFailed : CONTENT_MESSAGES.generateFailed;
    const message = failureMessage(context, error) ?? fallback;
    return data<FormReply>({ intent, result: submission.reply({ formErrors: [message] }) }, { status: statusOf(context, error) });
  }
}
