import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { DB } from '../../db/schema';
import { getCampaign, type Campaign } from '../campaigns/campaigns';
import { DomainError } from '../errors';
import { ExtractionError } from '../ingest/extract';
import { SafeZip } from '../ingest/extract/safe-zip';
import { checkUpload, hashOf, queueIngestion } from '../tomes/documents';
import { mimeTypeOf } from '../tomes/files';
import { attachStoredFile, removeStoredFile, storeFile } from '../tomes/stored-files';
import { CAMPAIGN_ARCHIVE_FORMAT, CAMPAIGN_ARCHIVE_VERSION, CHECKSUMS_PATH, type CampaignManifest, filePath, tablePath } from './campaign-export';
import { CAMPAIGN_TABLES, type CampaignTable } from './campaign-tables';
import { generatedColumns, insertRows, migrationLevel, type Row } from './table-rows';

const MB = 1024 * 1024;
// Limits on what an archive may unpack to: a zip bomb is refused before and while inflating.
const MAX_ENTRIES = 20_000;
const MAX_TOTAL_UNPACKED_BYTES = 2048 * MB;
const MAX_TABLE_BYTES = 256 * MB;
// Deflate reaches about 1032:1 on runs of one byte; real JSON and documents stay far below this.
const MAX_RATIO = 200;
const RATIO_CHECKED_FROM_BYTES = MB;

/** A campaign archive may hold several documents, each up to the upload limit. */
export const archiveLimitBytes = (maxUploadMb: number) => 4 * maxUploadMb * MB;

export interface ImportDeps {
  queue: PgBoss;
  maxUploadBytes: number;
}

const refuse = (status: 400 | 413 | 422, problem: string) => new DomainError(status, `This campaign archive cannot be imported: ${problem}`);

/**
 * Imports a campaign archive (campaign-export.ts) as the caller's: every part is read and
 * checked first (paths, sizes, format version, rows, every file's SHA-256 and type), then the
 * originals are stored and every row written in one transaction, with new ids, the caller as
 * owner, tomes renamed " (imported)" on a name clash, and each document's ingest job queued.
 * A refused archive writes nothing.
 */
export async function importCampaign(db: Kysely<DB>, userId: string, archive: Uint8Array, deps: ImportDeps): Promise<Campaign> {
  const unpacked = await readArchive(db, archive, deps.maxUploadBytes);
  const rows = await remapRows(db, userId, unpacked.tables);
  const stored = new Map<string, string>();
  try {
    for (const [documentId, file] of unpacked.files) {
      const newId = rows.ids.get('documents')?.get(documentId);
      if (newId) stored.set(newId, await storeFile(db, userId, mimeTypeOf(file.fileType), file.bytes));
    }
    const campaignId = await db.transaction().execute(async (trx) => {
      for (const spec of CAMPAIGN_TABLES) {
        if (spec.table === 'document_files') continue;
        try {
          await insertRows(trx, spec.table, rows.byTable.get(spec.table) ?? []);
        } catch (error) {
          throw refuse(422, `the rows of ${spec.table} do not fit this server (${(error as Error).message.slice(0, 200)})`);
        }
      }
      for (const [documentId, fileId] of stored) {
        await attachStoredFile(trx, fileId, documentId);
        await queueIngestion(trx, deps.queue, userId, documentId);
      }
      return rows.campaignId;
    });
    return await getCampaign(db, userId, campaignId);
  } catch (error) {
    for (const fileId of stored.values()) await removeStoredFile(db, fileId).catch(() => undefined);
    throw error;
  }
}

interface UnpackedArchive {
  tables: Map<string, Row[]>;
  files: Map<string, { bytes: Uint8Array; fileType: string }>;
}

async function readArchive(db: Kysely<DB>, archive: Uint8Array, maxUploadBytes: number): Promise<UnpackedArchive> {
  const zip = openZip(archive, maxUploadBytes);
  for (const entry of zip.entries.values()) {
    if (!isSafePath(entry.name)) throw refuse(400, `it holds an entry with an unsafe path (${JSON.stringify(entry.name.slice(0, 200))})`);
    if (entry.declaredSize >= RATIO_CHECKED_FROM_BYTES && entry.declaredSize > entry.compressedSize * MAX_RATIO) {
      throw refuse(413, `${entry.name} unpacks to more than ${MAX_RATIO} times its packed size (a zip bomb?)`);
    }
  }
  const manifest = readManifest(zip);
  const ours = await migrationLevel(db);
  if (typeof manifest.migration === 'string' && manifest.migration > ours) {
    throw refuse(422, `it was exported by a newer Tomekeeper (database ${manifest.migration}; this server is at ${ours}). Update this server first.`);
  }

  const tables = new Map<string, Row[]>();
  for (const spec of CAMPAIGN_TABLES) {
    const text = readText(zip, tablePath(spec.table), MAX_TABLE_BYTES);
    if (text === undefined) throw refuse(422, `${tablePath(spec.table)} is missing`);
    const rows = parseLines(text, spec.table);
    if (manifest.tables[spec.table] !== rows.length) throw refuse(422, `${spec.table} holds ${rows.length} rows, the manifest says ${manifest.tables[spec.table]}`);
    await checkColumns(db, spec, rows);
    tables.set(spec.table, rows);
  }
  if (tables.get('campaigns')?.length !== 1) throw refuse(422, 'it must hold exactly one campaign');

  const checksums = parseJson(readText(zip, CHECKSUMS_PATH, MB) ?? 'null', CHECKSUMS_PATH);
  if (!checksums || typeof checksums !== 'object') throw refuse(422, `${CHECKSUMS_PATH} is missing`);
  const files = new Map<string, { bytes: Uint8Array; fileType: string }>();
  for (const document of tables.get('documents') ?? []) {
    const id = String(document.id);
    const path = filePath(id);
    const bytes = readEntry(zip, path, maxUploadBytes);
    if (!bytes) throw refuse(422, `the original of ${String(document.filename)} (${path}) is missing`);
    const sum = await hashOf(bytes);
    const expected = (checksums as Record<string, unknown>)[path];
    if (sum !== expected || (document.content_hash != null && document.content_hash !== sum)) {
      throw refuse(422, `the original of ${String(document.filename)} is damaged (its SHA-256 does not match)`);
    }
    let fileType: string;
    try {
      fileType = checkUpload({ filename: String(document.filename), bytes }, maxUploadBytes).fileType;
    } catch (error) {
      throw refuse(422, `${String(document.filename)}: ${(error as Error).message}`);
    }
    files.set(id, { bytes, fileType });
  }
  return { tables, files };
}

function openZip(archive: Uint8Array, maxUploadBytes: number): SafeZip {
  try {
    return SafeZip.open(
      archive,
      'docx',
      { maxArchiveEntries: MAX_ENTRIES, maxEntryBytes: Math.max(MAX_TABLE_BYTES, maxUploadBytes), maxTotalInflatedBytes: MAX_TOTAL_UNPACKED_BYTES },
      { atUpload: true },
    );
  } catch (error) {
    throw zipProblem(error, 'it is not a zip archive, or the archive is damaged or incomplete');
  }
}

function zipProblem(error: unknown, damaged: string): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof ExtractionError && error.code === 'archive_limits') return refuse(413, `it unpacks to too much (${error.message})`);
  return refuse(400, damaged);
}

function readEntry(zip: SafeZip, path: string, limit: number): Uint8Array | undefined {
  const entry = zip.entries.get(path);
  if (!entry) return undefined;
  if (entry.declaredSize > limit) throw refuse(413, `${path} is larger than ${Math.round(limit / MB)} MB`);
  try {
    return zip.read(path);
  } catch (error) {
    throw zipProblem(error, `${path} is damaged`);
  }
}

function readText(zip: SafeZip, path: string, limit: number): string | undefined {
  const bytes = readEntry(zip, path, limit);
  if (!bytes) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(422, `${path} is not UTF-8 text`);
  }
}

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw refuse(422, `${path} is not valid JSON`);
  }
}

function readManifest(zip: SafeZip): CampaignManifest {
  const text = readText(zip, 'manifest.json', MB);
  if (text === undefined) throw refuse(422, 'it has no manifest.json, so it is not a Tomekeeper campaign export');
  const manifest = parseJson(text, 'manifest.json') as Partial<CampaignManifest> | null;
  if (!manifest || typeof manifest !== 'object' || manifest.format !== CAMPAIGN_ARCHIVE_FORMAT) {
    throw refuse(422, 'its manifest.json is not that of a Tomekeeper campaign export');
  }
  if (typeof manifest.version !== 'number' || !Number.isInteger(manifest.version) || manifest.version < 1) {
    throw refuse(422, 'its manifest.json names no format version');
  }
  if (manifest.version > CAMPAIGN_ARCHIVE_VERSION) {
    throw refuse(
      422,
      `it is format version ${manifest.version}, made by a newer Tomekeeper; this server reads version ${CAMPAIGN_ARCHIVE_VERSION}. Update this server first.`,
    );
  }
  if (!manifest.tables || typeof manifest.tables !== 'object') throw refuse(422, 'its manifest.json lists no tables');
  return manifest as CampaignManifest;
}

function parseLines(text: string, table: string): Row[] {
  const rows: Row[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const row = parseJson(line, tablePath(table));
    if (!row || typeof row !== 'object' || Array.isArray(row)) throw refuse(422, `${tablePath(table)} holds a line that is not a row`);
    rows.push(row as Row);
  }
  return rows;
}

const columnsCache = new WeakMap<Kysely<DB>, Map<string, Set<string>>>();

async function checkColumns(db: Kysely<DB>, spec: CampaignTable, rows: Row[]) {
  let tables = columnsCache.get(db);
  if (!tables) columnsCache.set(db, (tables = new Map()));
  let columns = tables.get(spec.table);
  if (!columns) {
    const result = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${spec.table}`.execute(db);
    columns = new Set(result.rows.map((r) => r.column_name));
    tables.set(spec.table, columns);
  }
  for (const row of rows) {
    for (const key of Object.keys(row)) if (!columns.has(key)) throw refuse(422, `${spec.table} has a column this server does not know (${key.slice(0, 60)})`);
    if (spec.id && typeof row[spec.id] !== 'string') throw refuse(422, `a row of ${spec.table} has no id`);
  }
}

/** Paths of the archive's own layout only: no absolute paths, no '..', no backslashes or drive letters. */
function isSafePath(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name) || name.includes('\0')) return false;
  return !name.split('/').some((part) => part === '..' || part === '.');
}

interface RemappedRows {
  campaignId: string;
  byTable: Map<string, Row[]>;
  ids: Map<string, Map<string, string>>;
}

async function remapRows(db: Kysely<DB>, userId: string, tables: Map<string, Row[]>): Promise<RemappedRows> {
  const ids = new Map<string, Map<string, string>>();
  const byTable = new Map<string, Row[]>();
  const takenNames = new Set((await db.selectFrom('datasets').select('name').where('user_id', '=', userId).execute()).map((d) => d.name.toLowerCase()));
  for (const spec of CAMPAIGN_TABLES) {
    const own = new Map<string, string>();
    ids.set(spec.table, own);
    const generated = await generatedColumns(db, spec.table);
    const out: Row[] = [];
    rows: for (const source of tables.get(spec.table) ?? []) {
      const row: Row = { ...source };
      for (const column of [...(spec.omit ?? []), ...generated]) delete row[column];
      for (const column of spec.owner ?? []) row[column] = userId;
      for (const [column, ref] of Object.entries(spec.refs ?? {})) {
        if (row[column] == null) continue;
        const mapped = ids.get(ref.table)?.get(String(row[column]));
        if (mapped) row[column] = mapped;
        else if (ref.optional) row[column] = null;
        else continue rows;
      }
      if (spec.id) {
        const fresh = randomUUID();
        own.set(String(source[spec.id]), fresh);
        row[spec.id] = fresh;
      }
      if (spec.table === 'datasets') row.name = freeName(String(row.name), takenNames);
      if (spec.table === 'documents') row.status = 'processing';
      if (spec.table === 'messages') row.citations = remapCitations(row.citations, ids);
      out.push(row);
    }
    byTable.set(spec.table, out);
  }
  const campaignId = [...(ids.get('campaigns')?.values() ?? [])][0];
  if (!campaignId) throw refuse(422, 'it must hold exactly one campaign');
  return { campaignId, byTable, ids };
}

/** A tome's name, with " (imported)" (then a number) when the caller already has a tome so named. */
function freeName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 1; taken.has(candidate.toLowerCase()); n++) candidate = `${name} (imported${n > 1 ? ` ${n}` : ''})`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

function remapCitations(citations: unknown, ids: Map<string, Map<string, string>>): unknown {
  if (!Array.isArray(citations)) return [];
  return citations.map((citation) => {
    if (!citation || typeof citation !== 'object') return citation;
    const c = { ...(citation as Record<string, unknown>) };
    if (typeof c.document_id === 'string') c.document_id = ids.get('documents')?.get(c.document_id) ?? null;
    if (typeof c.dataset_id === 'string') c.dataset_id = ids.get('datasets')?.get(c.dataset_id) ?? null;
    return c;
  });
}
