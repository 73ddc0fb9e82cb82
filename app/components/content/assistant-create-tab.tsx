import { latePartAfterHydration } from '~/lib/late-part-after';
import { CONTENT_CREATOR_WAITING } from './content-links';
import type { ContentCreatorProps } from './content-creator';

// The creator is drawn by the server and made live once the page is (ADR 0242). Defined here, not
// in the route, so the Assistant's chat screens do not load the code that does that.
export const AssistantContentCreator = latePartAfterHydration('assistant-content-creator', () => import('./content-creator').then((m) => m.ContentCreator), {
  waiting: CONTENT_CREATOR_WAITING,
});

/** The Assistant's Create Content tab: the content creator for the selected campaign. */
export function AssistantCreateTab(props: Omit<ContentCreatorProps, 'variant' | 'heading'>) {
  return <AssistantContentCreator variant="assistant" {...props} />;
}
