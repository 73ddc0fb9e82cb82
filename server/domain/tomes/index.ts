/** Knowledge Tomes: datasets, their documents and original files, and the jobs that process them. */
export {
  createDataset,
  deleteDataset,
  getDataset,
  listDatasets,
  listDatasetsPage,
  updateDataset,
  updateDatasetDetails,
  updateDatasetMetadata,
  type Dataset,
} from './datasets';
export {
  checkUpload,
  contentPreview,
  deleteDocument,
  documentFile,
  getDocument,
  getDocumentContent,
  listDocuments,
  listDocumentsPage,
  readFileBytes,
  replaceDocument,
  uploadDocument,
  type DocumentDetail,
  type DocumentSummary,
  type StoredFile,
  type Upload,
  type UploadAccepted,
  type UploadDeps,
} from './documents';
export { mimeTypeOf, safeFilename } from './files';
export { currentReembedJob, getJobStatus, listActiveJobs, listDatasetJobs, type ActiveJob, type JobStatus } from './jobs';
export { DEFAULT_METADATA, guessMetadata } from './metadata';
export {
  getCampaignDocument,
  listCampaignDocuments,
  listCampaignTomes,
  readableDocumentIds,
  setDocumentVisibility,
  type CampaignDocument,
  type CampaignDocumentDetail,
  type CampaignDocuments,
  type CampaignTome,
} from './campaign-documents';
