/**
 * Job polling (spec sections 4 and 9), in milliseconds. Apart from contract/tomes.ts so the
 * dashboard's upload tracker, on every tab, does not load the tomes' labels with it (ADR 0239).
 */
export const JOB_TIMING = {
  firstPoll: 1000,
  poll: 2000,
  retryAfterError: 5000,
  removeCompleted: 2000,
  removeFailed: 5000,
} as const;
