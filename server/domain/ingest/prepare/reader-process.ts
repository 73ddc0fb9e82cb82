/**
 * The reading process's entry (prepare/off-thread.ts starts it): the packages it reads with load
 * as published (ADR 0223), then the reader.
 */
import '../packages-as-published';

await import('./reader');
