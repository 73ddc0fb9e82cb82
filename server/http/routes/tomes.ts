import { z } from 'zod';
import {
  createDataset,
  createDatasetSchema,
  deleteDataset,
  deleteDocument,
  getDataset,
  getDocument,
  getDocumentContent,
  getJobStatus,
  listDatasetJobs,
  listDatasets,
  listDatasetsPage,
  listDocuments,
  listDocumentsPage,
  metadataUpdateSchema,
  replaceDocument,
  updateDataset,
  updateDatasetMetadata,
  uploadDocument,
} from '../../domain/tomes';
import { tomeUpdateSchema } from '../../../contract/tome-fields';
import { DUPLICATE_CHOICES, JOB_STATUSES } from '../../../contract/tomes';
import { requireOwnedDataset, requireOwnedDocument } from '../../domain/ownership';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import { pageQuerySchema, wantsPage } from '../../domain/paging';
import { errorResponse, listOrPage, timestamp, type ZodApi } from '../zod-schemas';
import { readMultipartUpload, sendDocumentFile } from './tomes-transfer';

const metadataSchema = z.object({
  type: z.string(),
  category: z.string(),
  source: z.string(),
  tags: z.array(z.string()),
  is_official_dnd: z.boolean(),
  version: z.string(),
});
const datasetSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  created_at: timestamp,
  document_count: z.number().describe('Documents ready to search (failed ones are not counted)'),
  failed_document_count: z.number().describe('Documents whose processing failed; listed with their error'),
  total_tokens: z.number(),
  metadata: metadataSchema,
});
const documentStatus = z.enum(['processing', 'ready', 'failed']);
const documentSchema = z.object({
  id: z.string(),
  dataset_id: z.string(),
  filename: z.string(),
  file_type: z.string(),
  token_count: z.number(),
  upload_date: timestamp,
  content_preview: z.string(),
  status: documentStatus,
  error: z.string().nullable(),
  page_count: z.number().nullable(),
  size_bytes: z.number(),
  player_visible: z.boolean().describe('Shown to the players of the campaigns the tome is linked to (false: GM-only)'),
  has_gm_blocks: z.boolean().describe('The text holds :::gm blocks, which players never read even when the document is shown'),
});
const documentDetailSchema = documentSchema.extend({ content: z.string() });
const contentSchema = z.object({ id: z.string(), filename: z.string(), file_type: z.string(), status: documentStatus, content: z.string() });
const acceptedSchema = z.object({ job_id: z.string(), document_id: z.string() });
const jobSchema = z.object({
  id: z.string(),
  status: z.enum(JOB_STATUSES).describe('queued, then the stages of the work, then completed or failed'),
  progress: z.number(),
  progress_message: z.string(),
  error: z.string().nullable(),
  document_id: z.string().nullable(),
});
const idParams = z.object({ id: z.string() });
const documentParams = z.object({ id: z.string(), docId: z.string() });
const jobParams = z.object({ jobId: z.string() });
const uploadQuery = z.object({
  duplicate: z
    .enum(DUPLICATE_CHOICES)
    .optional()
    .describe('When the tome already holds a document with the same bytes: replace it, or keep both. Unset: 409 and nothing stored'),
});
const fileBytes = z.string().meta({ format: 'binary' });
const fileQuery = z.object({
  token: z.string().optional().describe('The session token, for links a browser opens directly'),
  inline: z.string().optional().describe('Show in the browser instead of downloading (PDF and text only)'),
});

export async function tomeRoutes(app: ZodApi, services: Services) {
  const { db, queue, env } = services;
  const maxUploadBytes = env.MAX_UPLOAD_MB * 1024 * 1024;
  const tags = ['datasets'];

  app.get(
    '/api/datasets',
    {
      schema: {
        operationId: 'listDatasets',
        summary: 'List your Knowledge Tomes, oldest first',
        tags,
        querystring: pageQuerySchema,
        response: { 200: listOrPage(datasetSchema), 400: errorResponse },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      return wantsPage(request.query) ? listDatasetsPage(db, userId, request.query) : listDatasets(db, userId);
    },
  );

  app.post(
    '/api/datasets',
    {
      schema: {
        operationId: 'createDataset',
        summary: 'Create a Knowledge Tome',
        tags,
        body: createDatasetSchema,
        response: { 201: datasetSchema, 400: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const dataset = await createDataset(db, currentUser(request).id, request.body);
      return reply.status(201).send(dataset);
    },
  );

  app.get(
    '/api/datasets/:id',
    { schema: { operationId: 'getDataset', summary: 'One Knowledge Tome', tags, params: idParams, response: { 200: datasetSchema, 404: errorResponse } } },
    async (request) => getDataset(db, currentUser(request).id, request.params.id),
  );

  app.patch(
    '/api/datasets/:id',
    {
      schema: {
        operationId: 'updateDataset',
        summary: 'Rename a Knowledge Tome or change its description',
        tags,
        params: idParams,
        body: tomeUpdateSchema,
        response: { 200: datasetSchema, 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      return updateDataset(db, currentUser(request).id, id, request.body);
    },
  );

  app.delete(
    '/api/datasets/:id',
    {
      schema: {
        operationId: 'deleteDataset',
        summary: 'Delete a Knowledge Tome and its documents',
        tags,
        params: idParams,
        response: { 200: z.object({ deleted: z.string() }), 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      await deleteDataset(db, currentUser(request).id, id);
      return { deleted: id };
    },
  );

  app.put(
    '/api/datasets/:id/metadata',
    {
      schema: {
        operationId: 'updateDatasetMetadata',
        summary: "Set a Knowledge Tome's metadata",
        tags,
        params: idParams,
        body: metadataUpdateSchema,
        response: { 200: datasetSchema, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      return updateDatasetMetadata(db, currentUser(request).id, id, request.body);
    },
  );

  app.get(
    '/api/datasets/:id/documents',
    {
      schema: {
        operationId: 'listDocuments',
        summary: "List a Knowledge Tome's documents, newest first",
        tags,
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: listOrPage(documentSchema), 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { id } = request.params;
      return wantsPage(request.query) ? listDocumentsPage(db, userId, id, request.query) : listDocuments(db, userId, id);
    },
  );

  app.post(
    '/api/datasets/:id/documents',
    {
      schema: {
        operationId: 'uploadDocument',
        summary: 'Upload a document to be processed',
        tags,
        params: idParams,
        querystring: uploadQuery,
        consumes: ['multipart/form-data'],
        response: { 202: acceptedSchema, 400: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse, 415: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const user = currentUser(request);
      // Refuse another user's tome before reading a possibly large body.
      await requireOwnedDataset(db, user.id, id);
      const upload = await readMultipartUpload(request, maxUploadBytes);
      const { duplicate } = request.query;
      const accepted = await uploadDocument(db, user.id, id, upload, { queue, maxUploadBytes, duplicate });
      return reply.status(202).send(accepted);
    },
  );

  app.get(
    '/api/datasets/:id/documents/:docId',
    {
      schema: {
        operationId: 'getDocument',
        summary: 'One document, with its text',
        tags,
        params: documentParams,
        response: { 200: documentDetailSchema, 404: errorResponse },
      },
    },
    async (request) => {
      const { id, docId } = request.params;
      return getDocument(db, currentUser(request).id, id, docId);
    },
  );

  app.get(
    '/api/datasets/:id/documents/:docId/content',
    {
      schema: {
        operationId: 'getDocumentContent',
        summary: "A document's extracted text",
        tags,
        params: documentParams,
        response: { 200: contentSchema, 404: errorResponse },
      },
    },
    async (request) => {
      const { id, docId } = request.params;
      return getDocumentContent(db, currentUser(request).id, id, docId);
    },
  );

  app.put(
    '/api/datasets/:id/documents/:docId',
    {
      schema: {
        operationId: 'replaceDocument',
        summary: 'Replace a document and re-index it',
        tags,
        params: documentParams,
        consumes: ['multipart/form-data'],
        description: 'Replaces the document (multipart: file, update_existing, document_id) and re-indexes it.',
        response: { 202: acceptedSchema, 400: errorResponse, 404: errorResponse, 413: errorResponse, 415: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) => {
      const { id, docId } = request.params;
      const user = currentUser(request);
      await requireOwnedDocument(db, user.id, id, docId);
      const upload = await readMultipartUpload(request, maxUploadBytes);
      const accepted = await replaceDocument(db, user.id, id, docId, upload, {
        queue,
        maxUploadBytes,
        bodyDocumentId: upload.fields.document_id || undefined,
      });
      return reply.status(202).send(accepted);
    },
  );

  app.delete(
    '/api/datasets/:id/documents/:docId',
    {
      schema: {
        operationId: 'deleteDocument',
        summary: 'Delete a document',
        tags,
        params: documentParams,
        response: { 200: z.object({ deleted: z.string() }), 404: errorResponse },
      },
    },
    async (request) => {
      const { id, docId } = request.params;
      await deleteDocument(db, currentUser(request).id, id, docId);
      return { deleted: docId };
    },
  );

  app.get(
    '/api/datasets/:id/documents/:docId/file',
    {
      compress: false,
      config: { allowQueryToken: true },
      schema: {
        operationId: 'getDocumentFile',
        summary: "Download a document's original file",
        tags,
        params: documentParams,
        querystring: fileQuery,
        description: 'The original file. Answers Range requests (206; at most 8 ranges).',
        response: {
          200: { description: 'The whole file, in its own type', content: { '*/*': { schema: fileBytes } } },
          206: { description: 'The ranges asked for (several: multipart/byteranges)', content: { '*/*': { schema: fileBytes } } },
          304: z.null().describe('Not modified since the ETag given in If-None-Match (no body)'),
          404: errorResponse,
          416: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { id, docId } = request.params;
      const { inline } = request.query;
      return sendDocumentFile(db, request, reply, { userId: currentUser(request).id, datasetId: id, documentId: docId, inline });
    },
  );

  app.get(
    '/api/datasets/:id/jobs',
    {
      schema: {
        operationId: 'listDatasetJobs',
        summary: "A Knowledge Tome's processing jobs",
        tags,
        params: idParams,
        description: "The tome's processing jobs: running ones and those that ended in the last ten minutes.",
        response: { 200: z.array(jobSchema.extend({ filename: z.string() })), 404: errorResponse },
      },
    },
    async (request) => listDatasetJobs(db, currentUser(request).id, request.params.id),
  );

  app.get(
    '/api/jobs/:jobId/status',
    {
      schema: {
        operationId: 'getJobStatus',
        summary: "A job's status and progress",
        tags: ['jobs'],
        params: jobParams,
        response: { 200: jobSchema, 404: errorResponse },
      },
    },
    async (request) => getJobStatus(db, currentUser(request).id, request.params.jobId),
  );
}
