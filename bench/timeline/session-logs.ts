/**
 * Session logs -> proposed events, scored on the tuning and the held-out halves.
 *
 *   npx tsx bench/timeline/session-logs.ts [--details] [--half tuning|held-out]
 *
 * `--half tuning` while working on the engine: the held-out half is run only to report.
 */
import { scoreLogs } from './session-log-score';

const details = process.argv.includes('--details');
const only = process.argv.includes('--half') ? process.argv[process.argv.indexOf('--half') + 1] : null;
for (const half of (['tuning', 'held-out'] as const).filter((name) => only === null || name === only)) {
  const scores = scoreLogs(half);
  const sum = (key: 'expected' | 'found' | 'nonEvents' | 'datedFromText') => scores.reduce((total, score) => total + score[key], 0);
  console.log(
    `${half}: ${scores.length} logs, events found ${sum('found')}/${sum('expected')}, non-events proposed ${sum('nonEvents')}, dated from the text ${sum('datedFromText')}/${sum('expected')}`,
  );
  for (const score of scores) {
    console.log(`  ${score.log}: found ${score.found}/${score.expected}, non-events ${score.nonEvents}, dated ${score.datedFromText}/${score.expected}`);
    if (details) for (const miss of score.misses) console.log(`    - ${miss}`);
  }
}
