/**
 * Reciprocal rank fusion: each list adds weight / (k + rank) to the ids it ranks (rank from 1).
 * k is small (the usual 60 is for long lists): a passage one retriever is sure of should not
 * sink below passages both retrievers find only middling. See docs/benchmarks.md, Retrieval.
 */
export const RRF_K = 5;

export interface RankedList {
  ids: number[];
  weight: number;
}

export function reciprocalRankFusion(lists: RankedList[], k = RRF_K): Array<{ id: number; score: number }> {
  const scores = new Map<number, number>();
  for (const list of lists) {
    list.ids.forEach((id, index) => scores.set(id, (scores.get(id) ?? 0) + list.weight / (k + index + 1)));
  }
  return [...scores.entries()].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id - b.id);
}
