import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { restoreBackup, streamBackup } from '../backup/instance-backup';
import type { Database } from '../db/database';
import type { LockInfo } from '../data-dir-lock';
import { startQueue } from '../queue';

/**
 * `backup FILE` and `restore FILE`. A backup is written to FILE.partial and renamed when
 * whole, so a failed one never looks like a backup.
 */
export async function backupToFile(file: string, source: { running: LockInfo } | { database: Database }): Promise<string[]> {
  const partial = `${file}.partial`;
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  let failure: unknown = null;
  let stream: Readable;
  if ('running' in source) {
    const response = await fetch(`http://127.0.0.1:${source.running.port}/api/admin/backup`, {
      method: 'POST',
      headers: { 'x-admin-secret': source.running.secret ?? '' },
    });
    if (!response.ok || !response.body) throw new Error(`The server answered ${response.status} to the backup: ${await response.text()}`);
    stream = Readable.fromWeb(response.body as never);
  } else {
    stream = streamBackup(source.database.db, (error) => {
      failure = error;
    });
  }
  try {
    await pipeline(stream, fs.createWriteStream(partial));
    if (failure) throw failure;
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw new Error(`The backup failed, and ${file} was not written: ${(error as Error).message}`);
  }
  fs.renameSync(partial, file);
  return [`Backup written to ${file} (${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB).`];
}

export async function restoreFromFile(file: string, database: Database): Promise<string[]> {
  if (!fs.existsSync(file)) throw new Error(`No such file: ${file}`);
  const result = await restoreBackup(database, file, startQueue);
  const total = (table: string) => result.counts[table] ?? 0;
  return [
    `Restored ${file} (database level ${result.migration}).`,
    `${total('users')} users, ${total('campaigns')} campaigns, ${total('datasets')} tomes, ${total('documents')} documents, ${total('chunks')} passages, ${total('timeline_events')} events, ${total('conversations')} conversations.`,
    ...(result.requeued > 0
      ? [`${result.requeued} document${result.requeued === 1 ? '' : 's'} that were being processed will be processed again when the server starts.`]
      : []),
  ];
}
