import { describe, expect, it } from 'vitest';
import { inBackground, requestStarted, trackStatement, yieldToForeground } from './foreground';

/** A statement the test ends when it wants. */
function heldStatement() {
  let end!: () => void;
  const running = trackStatement(() => new Promise<void>((resolve) => (end = resolve)));
  return { running, end: () => end() };
}

describe('background statements yield to requests', () => {
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
    const ended = requestStarted();
    const background = inBackground(async () => {
      await yieldToForeground();
      order.push('background statement');
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    order.push('request answered');
    ended();
    await background;
    expect(order).toEqual(['request answered', 'background statement']);
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
});
