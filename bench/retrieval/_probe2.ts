import { openLibrary } from './library';
import { exactNameCandidates, namesIn } from '../../server/domain/retrieval/exact-names';
import { titleCandidatesIn } from '../../server/domain/retrieval/titles';
import { loadGroundingQuestions } from '../grounding/questions';
const lib = await openLibrary((process.env.K ?? 'postgres') as any, Number(process.env.N ?? 100000));
const scope = { userId: lib.userId, datasetIds: lib.datasetIds };
const qs = loadGroundingQuestions().filter((q) => /^\d\d-/.test(q.file)).filter((_, i) => i % 2 === 0);
for (const q of qs) {
  const names = namesIn(q.question);
  let t = performance.now();
  const r = await exactNameCandidates(lib.database.db, scope, names, 50);
  const a = performance.now() - t;
  t = performance.now();
  await titleCandidatesIn(lib.database.db, scope, q.question, 24);
  const b = performance.now() - t;
  if (names.length) console.log(a.toFixed(1), b.toFixed(1), r.length, JSON.stringify(names));
}
await lib.database.close();
