/**
 * Per-address limit on login attempts ('Too many login attempts'). Kept in memory: one
 * process serves the app (see docs/decisions), and a restart forgetting it is harmless
 * next to the per-account lockout, which lives in the database.
 */
export class LoginThrottle {
  private attempts = new Map<string, number[]>();
  constructor(
    readonly maxAttempts = 20,
    readonly windowMs = 5 * 60_000,
  ) {}

  /** Records an attempt from `ip`; false when the address is over its limit. */
  allow(ip: string, now = Date.now()): boolean {
    const recent = (this.attempts.get(ip) ?? []).filter((at) => now - at < this.windowMs);
    if (recent.length >= this.maxAttempts) {
      this.attempts.set(ip, recent);
      return false;
    }
    recent.push(now);
    this.attempts.set(ip, recent);
    if (this.attempts.size > 10_000) this.prune(now);
    return true;
  }

  private prune(now: number) {
    for (const [ip, times] of this.attempts) {
      if (times.every((at) => now - at >= this.windowMs)) this.attempts.delete(ip);
    }
  }
}
