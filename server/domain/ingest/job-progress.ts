import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export type IngestStage = 'extracting' | 'chunking' | 'embedding' | 'indexing';

/** A job's progress as the user watches it; writes are throttled, but a new stage is written at once. */
export class JobProgress {
  private lastWrite = 0;
  private lastStage: string | undefined;
  /** The last write: each waits for the one before, so the stage read last is the stage reported last. */
  private lastWriteDone: Promise<unknown> = Promise.resolve();
  /** Set when the job was ended elsewhere (replaced, or its document deleted): the pipeline should stop. */
  cancelled = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly jobId: string,
    private readonly minIntervalMs = 400,
  ) {}

  async report(stage: IngestStage, progress: number, message: string): Promise<void> {
    const now = Date.now();
    const value = Math.max(0, Math.min(99, Math.round(progress)));
    if (stage === this.lastStage && now - this.lastWrite < this.minIntervalMs) return;
    this.lastWrite = now;
    this.lastStage = stage;
    // A report made from a callback is not awaited (the reading process's "chunking"): unchained,
    // it could land after the next stage's write and leave the job reading "chunking" while it embeds.
    const write = this.lastWriteDone.then(() => this.write(stage, value, message));
    this.lastWriteDone = write.catch(() => undefined);
    await write;
  }

  private async write(stage: IngestStage, progress: number, message: string): Promise<void> {
    const updated = await this.db
      .updateTable('jobs')
      .set({ status: stage, progress, progress_message: message, updated_at: new Date() })
      .where('id', '=', this.jobId)
      .where('status', 'not in', ['completed', 'failed'])
      .returning('id')
      .executeTakeFirst();
    if (!updated) this.cancelled = true;
  }
}
