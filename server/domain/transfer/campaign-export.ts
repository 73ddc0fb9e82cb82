import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { requireOwnedCampaign } from '../ownership';
import type { CalendarDefinition } from '../../../contract/calendar';
import { exportFantasyCalendar } from '../timeline/fantasy-calendar';
import { storedFileParts } from '../tomes/stored-files';
import { CAMPAIGN_TABLES } from './campaign-tables';
import { migrationLevel, type Row, selectRows, withParameters } from './table-rows';
import { ZipStreamWriter } from './zip-writer';

/** The archive's format; an import refuses a later version (campaign-import.ts). */
export const CAMPAIGN_ARCHIVE_FORMAT = 'tomekeeper-campaign';
export const CAMPAIGN_ARCHIVE_VERSION = 1;

export interface CampaignManifest {
  format: typeof CAMPAIGN_ARCHIVE_FORMAT;
  version: number;
  exported_at: string;
  migration: string;
  campaign: { id: string; name: string };
  /** Rows per table; each table is tables/<name>.jsonl. */
  tables: Record<string, number>;
  /** Each document's original bytes: files/<document id>, with its size. */
  files: Array<{ document_id: string; path: string; filename: string; size: number }>;
}

export const tablePath = (table: string) => `tables/${table}.jsonl`;
export const filePath = (documentId: string) => `files/${documentId}`;
export const CHECKSUMS_PATH = 'files/checksums.json';
export const FANTASY_CALENDAR_PATH = 'calendar/fantasy-calendar.json';

export interface CampaignExport {
  filename: string;
  stream: Readable;
}

/**
 * The campaign's GM gets the whole campaign as a zip, streamed: the rows first (small), then
 * each document's original bytes part by part, then their SHA-256 sums. Anyone else gets the
 * 404 of a missing campaign.
 */
export async function exportCampaign(db: Kysely<DB>, userId: string, campaignId: string, onError: (error: unknown) => void): Promise<CampaignExport> {
  const campaign = await requireOwnedCampaign(db, userId, campaignId);
  const parameters = { campaign: campaign.id, gm: userId };
  const tables = new Map<string, Row[]>();
  for (const spec of CAMPAIGN_TABLES) {
    tables.set(spec.table, await selectRows(db, spec.table, withParameters(spec.scope, parameters), spec.order));
  }
  const documents = new Map((tables.get('documents') ?? []).map((d) => [String(d.id), d]));
  const files = (tables.get('document_files') ?? []).map((f) => ({
    document_id: String(f.document_id),
    path: filePath(String(f.document_id)),
    filename: String(documents.get(String(f.document_id))?.filename ?? ''),
    size: Number(f.size_bytes),
  }));
  const manifest: CampaignManifest = {
    format: CAMPAIGN_ARCHIVE_FORMAT,
    version: CAMPAIGN_ARCHIVE_VERSION,
    exported_at: new Date().toISOString(),
    migration: await migrationLevel(db),
    campaign: { id: campaign.id, name: campaign.name },
    tables: Object.fromEntries([...tables].map(([name, rows]) => [name, rows.length])),
    files,
  };
  const calendar = tables.get('campaign_calendars')?.[0];

  const stream = ZipStreamWriter.stream(async (zip) => {
    await zip.add('manifest.json', JSON.stringify(manifest, null, 2));
    for (const [name, rows] of tables) await zip.add(tablePath(name), rows.map((row) => JSON.stringify(row)).join('\n'));
    if (calendar) {
      await zip.add(FANTASY_CALENDAR_PATH, JSON.stringify(exportFantasyCalendar(calendar.definition as CalendarDefinition, calendar.source), null, 2));
    }
    const checksums: Record<string, string> = {};
    for (const file of files) {
      const hash = createHash('sha256');
      await zip.addParts(file.path, storedFileParts(db, file.document_id), { onPart: (part) => hash.update(part) });
      checksums[file.path] = hash.digest('hex');
    }
    await zip.add(CHECKSUMS_PATH, JSON.stringify(checksums, null, 2));
  }, onError);
  return { filename: `${campaign.name}.tomekeeper.zip`, stream };
}
