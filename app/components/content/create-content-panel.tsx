import { DEFAULT_CHARACTER_FORMAT } from '../../../contract/content';
import { ContentCreator } from './content-creator';
import type { ContentCampaign, ContentDataset } from './types';

/**
 * The Assistant screen's Create Content tab: a description, the content type, the character
 * format and the primary tome, then the result with its revisions, preview and save.
 */
export function CreateContentPanel({ campaign, datasets }: { campaign: ContentCampaign; datasets: ContentDataset[] }) {
  const primary = datasets.find((dataset) => campaign.datasets.includes(dataset.id))?.id ?? '';
  return (
    <ContentCreator
      key={campaign.id}
      variant="assistant"
      campaigns={[campaign]}
      datasets={datasets}
      initial={{
        settings: { campaignId: campaign.id, contentType: 'character', characterFormat: DEFAULT_CHARACTER_FORMAT, datasetId: primary, prompt: '' },
        result: null,
        request: null,
        log: [],
        showLog: false,
        preview: false,
        saved: null,
        error: null,
      }}
    />
  );
}
