import { exportCampaign } from '../../domain/transfer/campaign-export';
import { archiveLimitBytes, importCampaign } from '../../domain/transfer/campaign-import';
import { log } from '../../log';
import type { Services } from '../../services';
import { currentUser } from '../auth';
import { contentDisposition } from '../file-delivery';
import type { ZodApi } from '../zod-schemas';
import { errorResponse, idParams } from '../../../contract/api/shared';
import { campaignArchiveSchema, importedCampaignSchema } from '../../../contract/api/campaigns';
import { readMultipartUpload } from './tomes-transfer';

const MB = 1024 * 1024;

/** A whole campaign out as a zip, and such a zip in as a new campaign of the caller's (issue #33). */
export async function campaignTransferRoutes(app: ZodApi, services: Services) {
  const { db, queue } = services;
  const tags = ['campaigns'];

  app.get(
    '/api/campaigns/:id/export',
    {
      compress: false,
      schema: {
        operationId: 'exportCampaign',
        summary: 'Export a campaign as a zip archive (its GM only)',
        description:
          "The whole campaign, streamed as application/zip: manifest.json (format version), tables/<table>.jsonl (the campaign, its linked tomes and documents with their players' visibility, timeline events, calendar, proposals, conversations with messages and citations, content drafts, the concept map, the budget), calendar/fantasy-calendar.json, files/<document id> (each original, byte for byte) and files/checksums.json (their SHA-256).",
        tags,
        params: idParams,
        response: {
          200: campaignArchiveSchema,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const archive = await exportCampaign(db, currentUser(request).id, request.params.id, (error) =>
        log().error({ err: error, campaignId: request.params.id }, 'a campaign export failed while streaming'),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(archive.filename, false))
        .header('cache-control', 'private, no-store')
        .send(archive.stream as never);
    },
  );

  app.post(
    '/api/campaigns/import',
    {
      schema: {
        operationId: 'importCampaign',
        summary: 'Import a campaign archive as a new campaign of yours',
        description:
          'Multipart form field `file`: a zip from GET /api/campaigns/{id}/export. Tomes come in as yours (" (imported)" added on a name clash) and documents are processed again from their original bytes. A damaged, foreign or hostile archive is refused (400, 413 or 422, naming the problem) and nothing is written.',
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: importedCampaignSchema, 400: errorResponse, 413: errorResponse, 415: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) => {
      const upload = await readMultipartUpload(request, archiveLimitBytes(services.env.MAX_UPLOAD_MB));
      const campaign = await importCampaign(db, currentUser(request).id, upload.bytes, { queue, maxUploadBytes: services.env.MAX_UPLOAD_MB * MB });
      return reply.status(201).send({ campaign });
    },
  );
}
