import assistantStyles from '~/styles/assistant.css?url';
import documentChatStyles from '~/styles/document-chat.css?url';

/** For the route that renders the Document Assistant: `links = () => [...documentAssistantLinks(), ...]`. */
export const documentAssistantLinks = () => [
  { rel: 'stylesheet', href: assistantStyles },
  { rel: 'stylesheet', href: documentChatStyles },
];
