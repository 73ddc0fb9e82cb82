import { useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { CONTENT_MESSAGES, defaultContentFilename, savedMessage } from '../../../contract/content';
import { contentRequestForm, contentRevisionForm, contentSaveForm } from '~/lib/form-schemas';
import { usePendingIntent, useSchemaForm } from '~/lib/forms';
import { latePart } from '~/lib/late-part';
import { useHydrated } from '~/lib/use-hydrated';
import contentStyles from '~/styles/content.css?url';
import { ContentRequestForm } from './content-request-form';
import { CONTENT_INTENTS, freshHref, hostOf, sessionHref } from './content-urls';
import type { ContentCampaign, ContentDataset, ContentInitialState } from './types';

// A result and its preview (and the Markdown renderer they draw with) load with the page that shows one (ADR 0221).
const ContentResult = latePart('content-result', () => import('./content-result').then((m) => m.ContentResult));
const ContentPreview = latePart('content-preview', () => import('./content-preview').then((m) => m.ContentPreview));

export interface ContentCreatorProps {
  variant: 'assistant' | 'dashboard';
  campaigns: ContentCampaign[];
  datasets: ContentDataset[];
  /** What the page's loader read from its address (loadContentState). */
  initial: ContentInitialState;
  /** Rendered above the form (the /content page and the dashboard put a heading there). */
  heading?: React.ReactNode;
}

/**
 * Content creation from request to saved document: none → generated → revised → saved (the
 * content cleared) or rejected (the preview closed). Every form posts to the action of the page
 * it is on, with JavaScript on or off; a success comes back as the page's address, which the
 * loader reads. A new state from the loader starts the creator afresh from it.
 */
export function ContentCreator(props: ContentCreatorProps) {
  const { result, saved, settings } = props.initial;
  return <ContentSession key={JSON.stringify([result?.conversation_id, result?.version, saved, settings])} {...props} />;
}

const firstError = (form: { allErrors: Record<string, string[]> }) => Object.values(form.allErrors).flat()[0];

function ContentSession({ variant, campaigns, datasets, initial, heading }: ContentCreatorProps) {
  const hydrated = useHydrated();
  const idPrefix = `content${useId().replace(/:/g, '')}`;
  const location = useLocation();
  const navigate = useNavigate();
  const host = hostOf(location);
  const pendingIntent = usePendingIntent();
  const pending = CONTENT_INTENTS.find((intent) => intent === pendingIntent) ?? null;
  const { settings, result, request } = initial;
  // Showing the log and the preview is the page's own business with JavaScript; without, the address says (?revisions, ?preview).
  const [showLog, setShowLog] = useState(initial.showLog);
  const [preview, setPreview] = useState<'preview' | 'save' | null>(initial.preview ? 'preview' : null);
  // The result's code is on its way while the content is being written.
  useEffect(() => {
    if (pending !== 'generate-content') return;
    ContentResult.preload();
    ContentPreview.preload();
  }, [pending]);

  const options = { shouldValidate: 'onSubmit', constraint: false } as const;
  const requestForm = useSchemaForm('generate-content', contentRequestForm, {
    ...options,
    id: `${idPrefix}-request`,
    defaultValue: {
      campaign_id: settings.campaignId,
      content_type: settings.contentType,
      character_format: settings.characterFormat,
      primary_dataset_id: settings.datasetId,
      prompt: settings.prompt,
    },
  });
  const reviseForm = useSchemaForm('revise-content', contentRevisionForm, { ...options, id: `${idPrefix}-revise` });
  const saveForm = useSchemaForm('save-content', contentSaveForm, {
    ...options,
    id: `${idPrefix}-save`,
    defaultValue: { filename: defaultContentFilename(request?.prompt ?? settings.prompt), dataset_id: request?.datasetId ?? settings.datasetId },
  });
  const error = requestForm[1].prompt.errors?.[0] ?? firstError(requestForm[0]) ?? firstError(reviseForm[0]) ?? initial.error;

  return (
    <div className={`content-creator content-creator-${variant}`} data-testid="content-creator">
      {/* Also linked here: the Assistant and dashboard routes render this without the /content page's links. */}
      <link rel="stylesheet" href={contentStyles} />
      {heading}
      {initial.saved && (
        <p className="notice success" role="alert" data-testid="content-notice">
          {savedMessage(initial.saved)}
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
          form={requestForm}
          action={`${location.pathname}${location.search}`}
          host={host}
          pending={pending === 'generate-content'}
          hydrated={hydrated}
        />
      )}
      {pending === 'generate-content' || pending === 'revise-content' ? (
        <p className="content-waiting" role="status">
          {CONTENT_MESSAGES.waiting}
        </p>
      ) : null}
      {result && request && (
        <>
          <ContentResult
            result={result}
            request={request}
            log={initial.log}
            host={host}
            showLog={showLog}
            onToggleLog={() => setShowLog((shown) => !shown)}
            onPreview={() => setPreview('preview')}
            onAddToTomes={() => setPreview('save')}
            onNewContent={() => navigate(freshHref(host, request.campaignId), { preventScrollReset: true })}
            form={reviseForm}
            pending={pending}
            hydrated={hydrated}
          />
          <ContentPreview
            open={preview}
            result={result}
            request={request}
            datasets={datasets}
            form={saveForm}
            error={firstError(saveForm[0])}
            pending={pending === 'save-content'}
            onReject={() => setPreview(null)}
            hydrated={hydrated}
            rejectHref={sessionHref(host, request, result.conversation_id, { revisions: showLog })}
            formAction={sessionHref(host, request, result.conversation_id, { revisions: showLog, preview: true })}
            idPrefix={idPrefix}
          />
        </>
      )}
    </div>
  );
}
