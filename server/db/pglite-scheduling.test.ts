import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { inBackground, requestStarted, runJob, yieldToForeground } from './foreground';
import { createTestDatabase } from './test-database';

/** Runs work as part of a request's handling. */
function within<T>(request: { run: (next: () => void) => void }, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => request.run(() => void work().then(resolve, reject)));
}

/** Answers the request 60 ms from now, noting it in the order. */
async function answerLater(request: { ended: () => void }, order: string[], what = 'page answered'): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 60));
  order.push(what);
  request.ended();
}

// The embedded database's driver schedules every statement (ADR 0325): the work itself (a job's
// domain function) calls nothing. server/db/foreground.test.ts tests the decision; this, its place.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database schedules statements itself', () => {
  let database: Database;
  const statement = (what: string, order: string[]) => sql`select 1`.execute(database.db).then(() => void order.push(what));

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());
  // Test files share the scheduling module (isolate: false): each test starts once other files' requests are quiet.
  beforeEach(() => inBackground(() => yieldToForeground(5_000)));

  it('a job’s statements wait while a request is answered, and a request’s do not', async () => {
    const order: string[] = [];
    const page = requestStarted();
    const job = runJob('a-job-sent-outside-any-request', () => statement('job statement', order));
    await within(page, () => statement('page statement', order));
    await answerLater(page, order);
    await job;
    expect(order).toEqual(['page statement', 'page answered', 'job statement']);
  });

  it('a request that sends a file goes on at once, but waits for another request', async () => {
    const order: string[] = [];
    const upload = requestStarted({ sendsFile: true });
    // Its own open request would hold it for 2 s (REQUEST_HOLD_MS); it goes on before a second has passed.
    const held = setTimeout(() => order.push('1 s passed'), 1_000);
    await within(upload, () => statement('own part written', order));
    clearTimeout(held);

    const page = requestStarted();
    const next = within(upload, () => statement('next part written', order));
    await answerLater(page, order);
    await next;
    upload.ended();
    expect(order).toEqual(['own part written', 'page answered', 'next part written']);
  });

  it('background work waits before its transaction begins, never inside it (it holds the only backend there)', async () => {
    const order: string[] = [];
    const page = requestStarted();
    const job = inBackground(() =>
      database.db.transaction().execute(async (trx) => {
        order.push('transaction began');
        const another = requestStarted();
        const answered = answerLater(another, order, 'another page answered');
        await sql`select 1`.execute(trx);
        order.push('statement in the transaction');
        await answered;
      }),
    );
    await answerLater(page, order);
    await job;
    expect(order).toEqual(['page answered', 'transaction began', 'statement in the transaction', 'another page answered']);
  });
});
