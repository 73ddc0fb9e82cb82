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

/** A content session as the /content page's loader rebuilds it (the no-JavaScript path). */
export interface ContentInitialState {
  settings: ContentSettings;
  result: GeneratedContent | null;
  request: ResultRequest | null;
  log: RevisionEntry[];
  showLog: boolean;
  preview: boolean;
  saved: string | null;
  error: string | null;
  /** A failed save, shown in the preview. */
  saveError?: string | null;
}
