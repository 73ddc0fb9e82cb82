import { Form } from '@remix-run/react';
import {
  CHARACTER_FORMAT_LABELS,
  CHARACTER_FORMATS,
  CONTENT_MESSAGES,
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  EXAMPLE_PROMPTS,
  isContentType,
} from '../../../contract/content';
import type { contentRequestSchema } from '../../../contract/content-forms';
import { getFormProps, getSelectProps, getTextareaProps, type useSchemaForm } from '~/lib/forms';
import { freshHref } from './content-urls';
import type { ContentCampaign, ContentDataset } from './types';

export interface ContentRequestFormProps {
  /** assistant: a select for the type, the campaign fixed. dashboard: type tabs, campaign picker, example prompts. */
  variant: 'assistant' | 'dashboard';
  campaigns: ContentCampaign[];
  datasets: ContentDataset[];
  form: ReturnType<typeof useSchemaForm<typeof contentRequestSchema>>;
  /** The page's own address: the form posts to its action. */
  action: string;
  host: string;
  pending: boolean;
  hydrated: boolean;
}

/** The request: what to create, from which tome. Posts `generate-content` to the page's action. */
export function ContentRequestForm({ variant, campaigns, datasets, form: [form, fields], action, host, pending, hydrated }: ContentRequestFormProps) {
  const contentType = isContentType(fields.content_type.value) ? fields.content_type.value : 'character';
  const campaignId = fields.campaign_id.value ?? '';
  const campaign = campaigns.find((c) => c.id === campaignId) ?? null;
  const linked = datasets.filter((d) => campaign?.datasets.includes(d.id));
  const others = datasets.filter((d) => !campaign?.datasets.includes(d.id));

  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      className={`content-request stack content-type-${contentType}`}
      aria-label="Create content"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="generate-content" />
      {variant === 'dashboard' && campaigns.length > 1 ? (
        <label htmlFor={fields.campaign_id.id}>
          Campaign
          <select {...getSelectProps(fields.campaign_id)}>
            {campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <input type="hidden" name={fields.campaign_id.name} value={campaignId} />
      )}

      {variant === 'dashboard' ? (
        <div className="content-type-tabs tabs" role="radiogroup" aria-label="Content type">
          {CONTENT_TYPES.map((type) => (
            <label key={type} className={contentType === type ? 'tab active' : 'tab'}>
              <input type="radio" name={fields.content_type.name} value={type} className="tab-radio" defaultChecked={fields.content_type.initialValue === type} />
              {CONTENT_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      ) : (
        <label htmlFor={fields.content_type.id}>
          Content type
          <select {...getSelectProps(fields.content_type)}>
            {CONTENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {CONTENT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </label>
      )}

      <div className="content-request-grid">
        {(contentType === 'character' || !hydrated) && (
          <label htmlFor={fields.character_format.id} className="character-format-field">
            Character format
            <select {...getSelectProps(fields.character_format)}>
              {CHARACTER_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {CHARACTER_FORMAT_LABELS[format]}
                </option>
              ))}
            </select>
          </label>
        )}
        <label htmlFor={fields.primary_dataset_id.id}>
          {variant === 'dashboard' ? 'Context Knowledge Tome (required)' : 'Primary Knowledge Tome'}
          <select {...getSelectProps(fields.primary_dataset_id)}>
            <option value="">Choose a Knowledge Tome…</option>
            {linked.length > 0 && others.length > 0 ? (
              <>
                <optgroup label={`Linked to ${campaign?.name ?? 'this campaign'}`}>{linked.map(datasetOption)}</optgroup>
                <optgroup label="Your other tomes">{others.map(datasetOption)}</optgroup>
              </>
            ) : (
              datasets.map(datasetOption)
            )}
          </select>
        </label>
      </div>

      <label htmlFor={fields.prompt.id}>
        Describe what you want to create
        <textarea
          {...getTextareaProps(fields.prompt)}
          rows={4}
          maxLength={4000}
          placeholder={EXAMPLE_PROMPTS[contentType][0]}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
      </label>

      {variant === 'dashboard' && (
        <div className="example-prompts">
          <span className="small muted">Need inspiration? Try:</span>
          <ul>
            {EXAMPLE_PROMPTS[contentType].map((example) => (
              <li key={example}>
                <a
                  href={freshHref(host, campaignId, { type: contentType, prompt: example })}
                  className="example-prompt"
                  onClick={(event) => {
                    event.preventDefault();
                    form.update({ name: fields.prompt.name, value: example });
                  }}
                >
                  {example}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="row">
        <button type="submit" className="primary" disabled={pending} aria-describedby={`${form.id}-hint`}>
          {pending ? 'Generating…' : 'Generate'}
        </button>
        <span id={`${form.id}-hint`} className="small muted">
          {datasets.length === 0 ? CONTENT_MESSAGES.datasetRequired : 'Written from the chosen tome first, then the campaign’s other linked tomes.'}
        </span>
      </div>
    </Form>
  );
}

function datasetOption(dataset: ContentDataset) {
  return (
    <option key={dataset.id} value={dataset.id}>
      {dataset.name}
      {dataset.document_count !== undefined ? ` (${dataset.document_count} ${dataset.document_count === 1 ? 'document' : 'documents'})` : ''}
    </option>
  );
}
