import { useId, useState } from 'react';
import {
  CONTENT_MESSAGES,
  contentFilename,
  defaultContentFilename,
  savedMessage,
  type GeneratedContent,
  type RevisionEntry,
} from '../../../contract/content';
import { USAGE_UPDATED_EVENT } from '../../../contract/usage';
import { useHydrated } from '~/lib/use-hydrated';
import contentStyles from '~/styles/content.css?url';
import { failureText, requestContent, saveGeneratedContent } from './content-api';
import { ContentPreview } from './content-preview';
import { ContentRequestForm } from './content-request-form';
import { ContentResult } from './content-result';
import { sessionHref } from './content-urls';
import type { ContentCampaign, ContentDataset, ContentInitialState, ContentSettings, ResultRequest } from './types';

export { contentLinks } from './content-links';

export interface ContentCreatorProps {
  variant: 'assistant' | 'dashboard';
  campaigns: ContentCampaign[];
  datasets: ContentDataset[];
  initial: ContentInitialState;
  /** Rendered above the form (the /content page and the dashboard put a heading there). */
  heading?: React.ReactNode;
}

type Pending = 'generate' | 'revise' | 'save' | null;

const userTurn = (content: string): RevisionEntry => ({ role: 'user', content, timestamp: new Date().toISOString() });
const versionTurn = (result: GeneratedContent): RevisionEntry => ({
  role: 'assistant',
  content: result.content,
  timestamp: new Date().toISOString(),
  version: result.version,
  tokens: result.tokens.total_tokens,
});

/**
 * Content creation from request to saved document: none → generated → revised → saved (the
 * content cleared) or rejected (the preview closed). With JavaScript everything happens in
 * place through the API; without it every form posts to /content, which shows the result.
 */
export function ContentCreator({ variant, campaigns, datasets, initial, heading }: ContentCreatorProps) {
  const hydrated = useHydrated();
  const idPrefix = `content${useId().replace(/:/g, '')}`;
  const [settings, setSettings] = useState<ContentSettings>(initial.settings);
  const [result, setResult] = useState<GeneratedContent | null>(initial.result);
  const [request, setRequest] = useState<ResultRequest | null>(initial.request);
  const [log, setLog] = useState<RevisionEntry[]>(initial.log);
  const [showLog, setShowLog] = useState(initial.showLog);
  const [previewOpen, setPreviewOpen] = useState(initial.preview && initial.result !== null);
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(initial.error);
  const [saveError, setSaveError] = useState<string | null>(initial.saveError ?? null);
  const [notice, setNotice] = useState<string | null>(initial.saved ? savedMessage(initial.saved) : null);
  const [revision, setRevision] = useState('');
  const [filename, setFilename] = useState(defaultContentFilename(initial.request?.prompt ?? initial.settings.prompt));
  const [saveDatasetId, setSaveDatasetId] = useState(initial.request?.datasetId ?? initial.settings.datasetId);

  const usageChanged = () => window.dispatchEvent(new Event(USAGE_UPDATED_EVENT));

  async function generate() {
    if (pending) return;
    const prompt = settings.prompt.trim();
    setNotice(null);
    if (!prompt) return setError(CONTENT_MESSAGES.promptRequired);
    if (!settings.datasetId) return setError(CONTENT_MESSAGES.datasetRequired);
    if (!settings.campaignId) return setError('Choose a campaign first.');
    const asked: ResultRequest = {
      campaignId: settings.campaignId,
      contentType: settings.contentType,
      characterFormat: settings.contentType === 'character' ? settings.characterFormat : null,
      datasetId: settings.datasetId,
      prompt,
    };
    setPending('generate');
    setError(null);
    try {
      const generated = await requestContent(asked.campaignId, {
        content_type: asked.contentType,
        prompt,
        character_format: asked.characterFormat ?? undefined,
        primary_dataset_id: asked.datasetId,
      });
      setResult(generated);
      setRequest(asked);
      setLog([userTurn(prompt), versionTurn(generated)]);
      setRevision('');
      setFilename(defaultContentFilename(prompt));
      setSaveDatasetId(asked.datasetId);
    } catch (failure) {
      setError(failureText(failure, CONTENT_MESSAGES.generateFailed));
    } finally {
      setPending(null);
      usageChanged();
    }
  }

  async function revise() {
    const change = revision.trim();
    if (!change || !result || !request || pending) return;
    setPending('revise');
    setError(null);
    setNotice(null);
    try {
      const revised = await requestContent(request.campaignId, {
        content_type: result.content_type,
        prompt: change,
        character_format: result.character_format ?? undefined,
        primary_dataset_id: request.datasetId,
        conversation_id: result.conversation_id,
        is_revision: true,
        original_content: result.content,
      });
      setResult(revised);
      setLog((entries) => [...entries, userTurn(change), versionTurn(revised)]);
      setRevision('');
    } catch (failure) {
      setError(failureText(failure, CONTENT_MESSAGES.reviseFailed));
    } finally {
      setPending(null);
      usageChanged();
    }
  }

  async function save() {
    if (!result || !request || pending) return;
    const name = contentFilename(filename);
    if (!result.content.trim() || !name || !saveDatasetId) return setSaveError(CONTENT_MESSAGES.saveMissing);
    setPending('save');
    setSaveError(null);
    try {
      const saved = await saveGeneratedContent(request.campaignId, {
        dataset_id: saveDatasetId,
        content: result.content,
        filename: name,
        content_type: result.content_type,
        character_format: result.character_format,
        sources: result.sources,
      });
      setPreviewOpen(false);
      setResult(null);
      setLog([]);
      setRevision('');
      setShowLog(false);
      setNotice(savedMessage(saved.filename));
    } catch (failure) {
      setSaveError(failureText(failure, CONTENT_MESSAGES.saveFailed));
    } finally {
      setPending(null);
    }
  }

  function startOver() {
    setSettings({ ...initial.settings, prompt: '', datasetId: settings.datasetId, campaignId: settings.campaignId });
    setResult(null);
    setRequest(null);
    setLog([]);
    setShowLog(false);
    setPreviewOpen(false);
    setError(null);
    setSaveError(null);
    setNotice(null);
    setRevision('');
  }

  function openPreview(focusFilename: boolean) {
    setSaveError(null);
    setPreviewOpen(true);
    if (focusFilename) window.setTimeout(() => document.getElementById(`${idPrefix}-filename`)?.focus(), 0);
  }

  return (
    <div className={`content-creator content-creator-${variant}`} data-testid="content-creator">
      {/* Also linked here: the Assistant and dashboard routes render this without the /content page's links. */}
      <link rel="stylesheet" href={contentStyles} />
      {heading}
      {notice && (
        <p className="notice success" role="alert" data-testid="content-notice">
          {notice}
        </p>
      )}
      {error && (
        <p className="notice error" role="alert" data-testid="content-error">
          {error}
        </p>
      )}
      {datasets.length === 0 ? (
        <div className="empty-state">
          <h3>No Knowledge Tomes yet</h3>
          <p>
            Content is written from your own tomes. <a href="/dashboard?tab=datasets">Create a tome and upload documents</a>, then come back.
          </p>
        </div>
      ) : (
        <ContentRequestForm
          variant={variant}
          campaigns={campaigns}
          datasets={datasets}
          settings={settings}
          onChange={setSettings}
          onGenerate={generate}
          pending={pending === 'generate'}
          hydrated={hydrated}
          idPrefix={idPrefix}
        />
      )}
      {pending === 'generate' || pending === 'revise' ? (
        <p className="content-waiting" role="status">
          {CONTENT_MESSAGES.waiting}
        </p>
      ) : null}
      {result && request && (
        <>
          <ContentResult
            result={result}
            request={request}
            log={log}
            showLog={showLog}
            onToggleLog={() => setShowLog((shown) => !shown)}
            onPreview={() => openPreview(false)}
            onAddToTomes={() => openPreview(true)}
            onNewContent={startOver}
            revision={revision}
            onRevisionChange={setRevision}
            onRevise={revise}
            pending={pending}
            hydrated={hydrated}
            idPrefix={idPrefix}
          />
          <ContentPreview
            open={previewOpen}
            result={result}
            request={request}
            datasets={datasets}
            filename={filename}
            onFilenameChange={setFilename}
            datasetId={saveDatasetId}
            onDatasetChange={setSaveDatasetId}
            error={saveError}
            pending={pending === 'save'}
            onSave={save}
            onReject={() => {
              setPreviewOpen(false);
              setSaveError(null);
            }}
            hydrated={hydrated}
            rejectHref={sessionHref(request, result.conversation_id, { revisions: showLog })}
            formAction={sessionHref(request, result.conversation_id, { revisions: showLog, preview: true })}
            idPrefix={idPrefix}
          />
        </>
      )}
    </div>
  );
}
