/** Knowledge Tomes: datasets, their documents and original files, and the jobs that process them. */
export {
  createDataset,
  createDatasetSchema,
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
export { getJobStatus, listActiveJobs, listDatasetJobs, type ActiveJob, type JobStatus } from './jobs';
export { DEFAULT_METADATA, guessMetadata, metadataUpdateSchema } from './metadata';
export {
  getCampaignDocument,
  listCampaignDocuments,
  listCampaignTomes,
  readableDocumentIds,
  setDocumentVisibility,
  visibilitySchema,
  type CampaignDocument,
  type CampaignDocumentDetail,
  type CampaignDocuments,
  type CampaignTome,
} from './campaign-documents';
