import type { CharacterFormat, ContentType, GeneratedContent, RevisionEntry } from '../../../contract/content';

/** What the content screens need of a campaign and of a Knowledge Tome (the Campaign and Dataset types fit). */
export interface ContentCampaign {
  id: string;
  name: string;
  datasets: string[];
}

export interface ContentDataset {
  id: string;
  name: string;
  document_count?: number;
}

export interface ContentSettings {
  campaignId: string;
  contentType: ContentType;
  characterFormat: CharacterFormat;
  datasetId: string;
  prompt: string;
}

/** The request a result was generated from: revisions and saving keep to it. */
export interface ResultRequest {
  campaignId: string;
  contentType: ContentType;
  characterFormat: CharacterFormat | null;
  datasetId: string;
  prompt: string;
}

/** The content creator's state as its page's loader rebuilds it from the address (content-session.server.ts). */
export interface ContentInitialState {
  settings: ContentSettings;
  result: GeneratedContent | null;
  request: ResultRequest | null;
  log: RevisionEntry[];
  showLog: boolean;
  preview: boolean;
  saved: string | null;
  /** The conversation named in the address could not be read. */
  error: string | null;
}
