import type { GeneratedContent } from '../../../contract/content';
import type { ContentIntent } from './content-urls';
import type { ResultRequest } from './types';

/** The hidden fields naming the result a revise or save form acts on: its conversation, type and primary tome. */
export function ResultFields({ intent, request, result }: { intent: ContentIntent; request: ResultRequest; result: GeneratedContent }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="campaign_id" value={request.campaignId} />
      <input type="hidden" name="conversation_id" value={result.conversation_id} />
      <input type="hidden" name="content_type" value={result.content_type} />
      <input type="hidden" name="character_format" value={result.character_format ?? ''} />
      <input type="hidden" name="primary_dataset_id" value={request.datasetId} />
    </>
  );
}
