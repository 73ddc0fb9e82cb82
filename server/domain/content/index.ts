/** Content creation: characters, locations, missions and lore from the game master's tomes, revised and saved into a tome. */
export { createContent } from './create-content';
export { getContentSession, type ContentSession } from './content-session';
export type { CreateContentBody, SaveContentBody } from './input';
export { documentMarkdown } from './front-matter';
export { saveContent, type SaveServices } from './save-content';
