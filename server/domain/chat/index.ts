export { askCampaign, prepareCampaignChat, type CampaignChatInput, type PreparedCampaignChat } from './campaign-chat';
export {
  deleteConversation,
  getConversation,
  listConversations,
  renameConversation,
  type Conversation,
  type ConversationPage,
  type ConversationSummary,
} from './conversations';
export { askCampaignDocument, askDocument, WHOLE_DOCUMENT_TOKENS, type DocumentChatAnswer, type DocumentChatInput } from './document-chat';
export { getCampaignDocumentConversation, getDocumentConversation, type DocumentChatMessage } from './document-conversation';
