import { documentAssistantLinks } from '~/components/document-chat/document-chat-links';
import tomesStyles from '~/styles/tomes.css?url';

/** For the route that renders the tomes panel: `links = () => [...tomesPanelLinks(), ...]`. */
export const tomesPanelLinks = () => [{ rel: 'stylesheet', href: tomesStyles }, ...documentAssistantLinks()];
