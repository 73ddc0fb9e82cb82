import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { backgroundMustWait, inBackground, jobSent, requestStarted, runJob, trackStatement, yieldToForeground } from './foreground';
import { createTestDatabase } from './test-database';

/** A statement the test ends when it wants. */
function heldStatement() {
  let end!: () => void;
  const running = trackStatement(() => new Promise<void>((resolve) => (end = resolve)));
  return { running, end: () => end() };
}

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

describe('background statements yield to requests', () => {
  // Test files share this module (isolate: false): each test starts once other files' requests are quiet.
  beforeEach(() => inBackground(() => yieldToForeground(5_000)));

  it('background work waits while a request’s statement runs, and goes on after it ends', async () => {
    const order: string[] = [];
    const request = heldStatement();
    const background = inBackground(async () => {
      await yieldToForeground();
      order.push('background statement');
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    order.push('request statement ends');
    request.end();
    await request.running;
    await background;
    expect(order).toEqual(['request statement ends', 'background statement']);
  });

  it('background work waits while a request is answered, before its first statement', async () => {
    const order: string[] = [];
    const { ended } = requestStarted();
    const background = inBackground(async () => {
      await yieldToForeground();
      order.push('background statement');
    });
    await answerLater({ ended }, order, 'request answered');
    await background;
    expect(order).toEqual(['request answered', 'background statement']);
  });

  it('background work a request started does not wait for that request, but waits for another', async () => {
    const order: string[] = [];
    const upload = requestStarted();
    let parts!: Promise<void>;
    upload.run(() => {
      // An upload writing its parts as background work, while its own request is open (ADR 0160).
      parts = inBackground(async () => {
        await yieldToForeground(60_000);
        order.push('own part written');
      });
    });
    // Its own open request would hold it for REQUEST_HOLD_MS (2 s): it goes on at once instead.
    const held = setTimeout(() => order.push('1 s passed'), 1_000);
    await parts;
    clearTimeout(held);
    expect(order).toEqual(['own part written']);

    const page = requestStarted();
    let next!: Promise<void>;
    upload.run(() => {
      next = inBackground(async () => {
        await yieldToForeground(60_000);
        order.push('next part written');
      });
    });
    await answerLater(page, order);
    await next;
    upload.ended();
    expect(order).toEqual(['own part written', 'page answered', 'next part written']);
  });

  it('does not count background work’s own statements as requests', async () => {
    const order: string[] = [];
    await inBackground(async () => {
      await trackStatement(async () => order.push('own statement'));
      await yieldToForeground(60_000);
      order.push('next statement');
    });
    expect(order).toEqual(['own statement', 'next statement']);
  });

  it('outside background work it never waits for requests', async () => {
    const request = heldStatement();
    await yieldToForeground(60_000);
    request.end();
    await request.running;
  });

  it('waits no longer than its bound when requests never stop', async () => {
    const request = heldStatement();
    await inBackground(() => yieldToForeground(30));
    request.end();
    await request.running;
  });

  it('after a statement, waits for the quiet only when another request ran it', async () => {
    // The decision itself, checked right after each statement: a wall-clock threshold failed on a loaded CI machine.
    const mustWait = () => inBackground(async () => backgroundMustWait());
    const statement = () => trackStatement(async () => undefined);

    // A statement outside any request (the queue's polling): the next background statement goes on at once.
    await statement();
    expect(await mustWait()).toBe(false);

    // The request that started the work: its own statement does not hold it (an upload's parts).
    const upload = requestStarted();
    expect(await within(upload, async () => (await statement(), mustWait()))).toBe(false);

    // Another request's statement: the work waits out the quiet after it (40 ms), then goes on.
    const page = requestStarted();
    await within(page, statement);
    page.ended();
    expect(await within(upload, mustWait)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await within(upload, mustWait)).toBe(false);

    // Nor does the answer of the request that started it.
    upload.ended();
    expect(await within(upload, mustWait)).toBe(false);
  });

  it('a job a request sent does not wait for that request, but waits for another', async () => {
    const order: string[] = [];
    const upload = requestStarted();
    upload.run(() => jobSent('job-sent-by-the-upload'));
    await runJob('job-sent-by-the-upload', async () => {
      // The upload is still being answered (REQUEST_HOLD_MS is 2 s): its job goes on at once.
      await inBackground(() => yieldToForeground(60_000));
      order.push('own job went on');
      void answerLater(requestStarted(), order);
      await yieldToForeground(60_000);
      order.push('job went on after the page');
    });
    upload.ended();
    expect(order).toEqual(['own job went on', 'page answered', 'job went on after the page']);
  });

  it('a job sent outside any request waits for the requests being answered', async () => {
    const order: string[] = [];
    jobSent('job-sent-by-the-queue');
    const page = requestStarted();
    const job = runJob('job-sent-by-the-queue', async () => {
      await yieldToForeground(60_000);
      order.push('job went on');
    });
    await answerLater(page, order);
    await job;
    expect(order).toEqual(['page answered', 'job went on']);
  });
});

// The embedded database's driver schedules every statement (ADR 0325): the work itself (a job's
// domain function) calls nothing. The tests above check the decision; these, its place.
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
