import { z } from 'zod';
import {
  createDataset,
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
  replaceDocument,
  updateDataset,
  updateDatasetMetadata,
  uploadDocument,
} from '../../domain/tomes';
import { tomeUpdateSchema } from '../../../contract/tome-fields';
import { requireOwnedDataset, requireOwnedDocument } from '../../domain/ownership';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import { wantsPage } from '../../domain/paging';
import type { ZodApi } from '../zod-schemas';
import { documentParams, errorResponse, idParams, listOrPage, pageQuerySchema, removedResponse } from '../../../contract/api/shared';
import {
  acceptedSchema,
  contentSchema,
  createDatasetSchema,
  datasetJobSchema,
  datasetSchema,
  documentDetailSchema,
  documentSchema,
  documentFileAnswers,
  fileQuery,
  jobParams,
  jobSchema,
  metadataUpdateSchema,
  uploadQuery,
} from '../../../contract/api/tomes';
import { readMultipartUpload, sendDocumentFile } from './tomes-transfer';

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
        response: { 200: removedResponse('deleted'), 404: errorResponse },
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
        response: { 200: removedResponse('deleted'), 404: errorResponse },
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
          ...documentFileAnswers,
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
        response: { 200: z.array(datasetJobSchema), 404: errorResponse },
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
