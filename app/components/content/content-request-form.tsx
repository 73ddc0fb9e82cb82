import {
  CHARACTER_FORMAT_LABELS,
  CHARACTER_FORMATS,
  CONTENT_MESSAGES,
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  EXAMPLE_PROMPTS,
  isCharacterFormat,
  isContentType,
} from '../../../contract/content';
import { CONTENT_ACTION, freshHref } from './content-urls';
import type { ContentCampaign, ContentDataset, ContentSettings } from './types';

export interface ContentRequestFormProps {
  /** assistant: a select for the type, the campaign fixed. dashboard: type tabs, campaign picker, example prompts. */
  variant: 'assistant' | 'dashboard';
  campaigns: ContentCampaign[];
  datasets: ContentDataset[];
  settings: ContentSettings;
  onChange(next: ContentSettings): void;
  onGenerate(): void;
  pending: boolean;
  hydrated: boolean;
  /** Ids prefixed so two creators on one page never share a label target. */
  idPrefix: string;
}

/** The request: what to create, from which tome. A plain form posting to /content; with JavaScript it calls the API. */
export function ContentRequestForm({ variant, campaigns, datasets, settings, onChange, onGenerate, pending, hydrated, idPrefix }: ContentRequestFormProps) {
  const set = (patch: Partial<ContentSettings>) => onChange({ ...settings, ...patch });
  const campaign = campaigns.find((c) => c.id === settings.campaignId) ?? null;
  const linked = datasets.filter((d) => campaign?.datasets.includes(d.id));
  const others = datasets.filter((d) => !campaign?.datasets.includes(d.id));
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <form
      method="post"
      action={CONTENT_ACTION}
      className={`content-request stack content-type-${settings.contentType}`}
      aria-label="Create content"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onGenerate();
      }}
    >
      <input type="hidden" name="intent" value="generate" />
      {variant === 'dashboard' && campaigns.length > 1 ? (
        <label htmlFor={id('campaign')}>
          Campaign
          <select id={id('campaign')} name="campaign_id" value={settings.campaignId} onChange={(e) => set({ campaignId: e.target.value })}>
            {campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <input type="hidden" name="campaign_id" value={settings.campaignId} />
      )}

      {variant === 'dashboard' ? (
        <div className="content-type-tabs tabs" role="radiogroup" aria-label="Content type">
          {CONTENT_TYPES.map((type) => (
            <label key={type} className={settings.contentType === type ? 'tab active' : 'tab'}>
              <input
                type="radio"
                name="content_type"
                value={type}
                className="tab-radio"
                checked={settings.contentType === type}
                onChange={() => set({ contentType: type })}
              />
              {CONTENT_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      ) : (
        <label htmlFor={id('type')}>
          Content type
          <select
            id={id('type')}
            name="content_type"
            value={settings.contentType}
            onChange={(e) => isContentType(e.target.value) && set({ contentType: e.target.value })}
          >
            {CONTENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {CONTENT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </label>
      )}

      <div className="content-request-grid">
        {(settings.contentType === 'character' || !hydrated) && (
          <label htmlFor={id('format')} className="character-format-field">
            Character format
            <select
              id={id('format')}
              name="character_format"
              value={settings.characterFormat}
              onChange={(e) => isCharacterFormat(e.target.value) && set({ characterFormat: e.target.value })}
            >
              {CHARACTER_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {CHARACTER_FORMAT_LABELS[format]}
                </option>
              ))}
            </select>
          </label>
        )}
        <label htmlFor={id('dataset')}>
          {variant === 'dashboard' ? 'Context Knowledge Tome (required)' : 'Primary Knowledge Tome'}
          <select id={id('dataset')} name="primary_dataset_id" value={settings.datasetId} onChange={(e) => set({ datasetId: e.target.value })}>
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

      <label htmlFor={id('prompt')}>
        Describe what you want to create
        <textarea
          id={id('prompt')}
          name="prompt"
          rows={4}
          maxLength={4000}
          value={settings.prompt}
          placeholder={EXAMPLE_PROMPTS[settings.contentType][0]}
          onChange={(e) => set({ prompt: e.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              onGenerate();
            }
          }}
        />
      </label>

      {variant === 'dashboard' && (
        <div className="example-prompts">
          <span className="small muted">Need inspiration? Try:</span>
          <ul>
            {EXAMPLE_PROMPTS[settings.contentType].map((example) => (
              <li key={example}>
                <a
                  href={freshHref(settings.campaignId, { type: settings.contentType, prompt: example })}
                  className="example-prompt"
                  onClick={(event) => {
                    if (!hydrated) return;
                    event.preventDefault();
                    set({ prompt: example });
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
        <button type="submit" className="primary" disabled={pending} aria-describedby={id('hint')}>
          {pending ? 'Generating…' : 'Generate'}
        </button>
        <span id={id('hint')} className="small muted">
          {datasets.length === 0 ? CONTENT_MESSAGES.datasetRequired : 'Written from the chosen tome first, then the campaign’s other linked tomes.'}
        </span>
      </div>
    </form>
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
