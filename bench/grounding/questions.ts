import fs from 'node:fs';
import path from 'node:path';

export const KINDS = ['colloquial', 'definition', 'monster', 'spell', 'item', 'lore', 'session'] as const;
export type QuestionKind = (typeof KINDS)[number];

/** One question of the grounding evaluation (bench/grounding/questions.jsonl). */
export interface GroundingQuestion {
  id: string;
  kind: QuestionKind;
  /**
   * Tune only on 'tune'; 'test' is the held-out half. 'fresh': colloquial questions written after
   * the GM vocabulary, by another hand, and never tuned on (the vocabulary was not changed for
   * them), for an honest colloquial figure. 'fresh2': a second such set, written in session 4
   * before that session's tuning began, likewise never tuned on.
   */
  half: 'tune' | 'test' | 'fresh' | 'fresh2';
  question: string;
  /** Verbatim text of the passage that answers (whitespace and apostrophes aside). */
  answer: string;
  /** The document that holds it. */
  file: string;
  /** When the answer's words recur in other units (a stat line), the last heading of the unit that answers. */
  heading?: string;
}

export function loadGroundingQuestions(): GroundingQuestion[] {
  return fs
    .readFileSync(path.join(import.meta.dirname, 'questions.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as GroundingQuestion);
}

/** Whitespace and apostrophes folded, case ignored. */
export function normalise(text: string): string {
  return text.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Whether a passage (its file, heading path and text) is one that answers the question. */
export function answers(question: GroundingQuestion, passage: { filename: string; headingPath: string; content: string }): boolean {
  if (passage.filename !== question.file) return false;
  if (question.heading && passage.headingPath.split(' > ').at(-1) !== question.heading) return false;
  return normalise(passage.content).includes(normalise(question.answer));
}

/** A quote that is (part of) the answer, or holds it. */
export function quotesAnswer(question: GroundingQuestion, quote: string): boolean {
  const q = normalise(quote);
  const a = normalise(question.answer);
  return q.length >= 8 && (q.includes(a) || a.includes(q));
}
