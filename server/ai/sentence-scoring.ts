import { rulebookNamesFor } from './gm-vocabulary';
import { quotableSpan, splitSentences, type TextSpan } from './sentences';
import { contentTerms, stem } from './terms';

/**
 * Sentence-level scoring of passages against a question: the offline reranker and the offline
 * answerer both use it, so "the sentence that answers" means the same thing in both.
 *
 * A sentence scores the inverse frequency (within the passages at hand) of each question term
 * it holds, scaled up by how much of the question it covers, plus a little for each pair of
 * question words it holds side by side. A passage's heading path counts as context for every
 * one of its sentences ("Owlbear" above "**Armor Class** 13"); table talk is
 * read as the rulebook's words (gm-vocabulary).
 */

/** Words in almost every GM question that say little about which rule is meant. */
const GENERIC_TERMS = new Set(
  ['character', 'creature', 'player', 'gm', 'dm', 'rule', 'game', 'happen', 'work', 'party', 'someone', 'use', 'get', 'give', 'much', 'many', 'take', 'make'].map(stem),
);
const GENERIC_WEIGHT = 0.3;
const HEADING_WEIGHT = 1;
/** Draft boilerplate of the offline content creator: never a fact. */
const BOILERPLATE = /\*\*Offline draft\.\*\*|No AI model is connected|connect Claude \(an Anthropic API key\)/;

export interface ScoringPassage {
  content: string;
  headingPath?: string;
}

export interface ScoredSentence {
  passageIndex: number;
  /** Position of the sentence within its passage. */
  position: number;
  /** The quotable span (no time stamp or list marker), offsets into the passage content. */
  span: TextSpan;
  score: number;
  /** Question terms the sentence itself holds (not only its heading). */
  matched: number;
  heading: boolean;
}

export interface QuestionTerms {
  terms: string[];
  bigrams: Set<string>;
}

export function questionTermsOf(question: string): QuestionTerms {
  const expanded = [question, ...rulebookNamesFor(question)].join(' ');
  const terms = [...new Set(contentTerms(expanded))];
  return { terms, bigrams: bigramsOf(contentTerms(expanded)) };
}

/** Every sentence of the passages, scored against the question. */
export function scoreSentences(question: QuestionTerms, passages: ScoringPassage[]): ScoredSentence[] {
  const items: Array<{ passageIndex: number; position: number; span: TextSpan; terms: Set<string>; bigrams: Set<string>; heading: boolean }> = [];
  const headingTerms = passages.map((p) => new Set(contentTerms((p.headingPath ?? '').split(' > ').slice(-2).join(' '))));
  passages.forEach((passage, passageIndex) => {
    splitSentences(passage.content).forEach((raw, position) => {
      if (BOILERPLATE.test(raw.text)) return;
      const span = quotableSpan(raw);
      const termList = contentTerms(span.text);
      items.push({
        passageIndex,
        position,
        span,
        terms: new Set(termList),
        bigrams: bigramsOf(termList),
        heading: isLabel(span.text, termList.length),
      });
    });
  });
  const frequency = new Map<string, number>();
  for (const item of items) for (const term of item.terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  // A number in a question is usually the case at hand ("fall 60 feet"), not the rule's words.
  const idf = (term: string) =>
    Math.log(1 + items.length / (1 + (frequency.get(term) ?? 0))) * (GENERIC_TERMS.has(term) || /^\d+$/.test(term) ? GENERIC_WEIGHT : 1);
  const total = question.terms.reduce((sum, term) => sum + idf(term), 0) || 1;

  return items.map((item) => {
    let weight = 0;
    let matched = 0;
    for (const term of question.terms) {
      if (item.terms.has(term)) {
        weight += idf(term);
        matched += 1;
      } else if (headingTerms[item.passageIndex].has(term)) weight += idf(term) * HEADING_WEIGHT;
    }
    const phraseHits = [...question.bigrams].filter((bigram) => item.bigrams.has(bigram)).length;
    const lengthFactor = item.terms.size > 30 ? Math.sqrt(30 / item.terms.size) : 1;
    const score = matched === 0 ? 0 : (weight * (0.5 + weight / total) + phraseHits * 0.5) * lengthFactor * (item.heading ? 0.2 : 1);
    return { passageIndex: item.passageIndex, position: item.position, span: item.span, score, matched, heading: item.heading };
  });
}

/** A heading or a bare label ("Healer’s Kit."): names a thing, says nothing about it. */
function isLabel(text: string, terms: number): boolean {
  if (/\d/.test(text)) return false;
  if (terms <= 3 && text.split(/\s+/).length <= 4) return true;
  return terms < 6 && !/[.!?:;]["'’”)\]*]*$/.test(text);
}

/** Each passage's best sentence score (0 when none matches). */
export function passageScores(question: QuestionTerms, passages: ScoringPassage[]): number[] {
  const best = passages.map(() => 0);
  for (const sentence of scoreSentences(question, passages)) {
    best[sentence.passageIndex] = Math.max(best[sentence.passageIndex], sentence.score);
  }
  return best;
}

function bigramsOf(terms: string[]): Set<string> {
  const pairs = new Set<string>();
  for (let i = 1; i < terms.length; i += 1) pairs.add(`${terms[i - 1]} ${terms[i]}`);
  return pairs;
}
