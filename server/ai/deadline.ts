/** One deadline for a whole request (the SDK's own timeout stops counting once headers arrive). */
export class Deadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private timedOut = false;
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly onCallerAbort = () => this.controller.abort();

  constructor(
    timeoutMs: number,
    private readonly callerSignal: AbortSignal | undefined,
  ) {
    this.signal = this.controller.signal;
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, timeoutMs);
    if (callerSignal?.aborted) this.controller.abort();
    else callerSignal?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  get expired(): boolean {
    return this.timedOut;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
  }
}
