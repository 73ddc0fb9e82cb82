import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export type IngestStage = 'extracting' | 'chunking' | 'embedding' | 'indexing';

/** A job's progress as the user watches it; writes are throttled, but a new stage is written at once. */
export class JobProgress {
  private lastWrite = 0;
  private lastStage: string | undefined;
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
    const updated = await this.db
      .updateTable('jobs')
      .set({ status: stage, progress: value, progress_message: message, updated_at: new Date() })
      .where('id', '=', this.jobId)
      .where('status', 'not in', ['completed', 'failed'])
      .returning('id')
      .executeTakeFirst();
    if (!updated) this.cancelled = true;
  }
}
