/**
 * Session logs -> proposed events, scored on the tuning and the held-out halves.
 *
 *   npx tsx bench/timeline/session-logs.ts [--details]
 */
import { scoreLogs } from './session-log-score';

const details = process.argv.includes('--details');
for (const half of ['tuning', 'held-out'] as const) {
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
