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
 * one of its sentences ("Owlbear" above "**Armor Class** 13"), and so does a run-in label for
 * the sentences of its paragraph ("Healer's Kit." above "The kit has ten uses."); table talk is
 * read as the rulebook's words (gm-vocabulary).
 *
 * A sentence whose unit the question names in full (its last heading, or, for a passage without
 * headings, its document's name; or the run-in label it sits under) scores more: asked about
 * "invisibility", the spell's own words go before a potion of invisibility's.
 */

/** Words in almost every GM question that say little about which rule is meant. */
const GENERIC_TERMS = new Set(
  ['character', 'creature', 'player', 'gm', 'dm', 'rule', 'game', 'happen', 'work', 'party', 'someone', 'use', 'get', 'give', 'much', 'many', 'take', 'make'].map(
    stem,
  ),
);
const GENERIC_WEIGHT = 0.3;
const HEADING_WEIGHT = 1;
/**
 * How much more a sentence of the unit the question names scores: named in its own words, or
 * only through the vocabulary ("AC" is "Armor Class", but "the tarrasque's AC" is about the tarrasque).
 */
const NAMED_UNIT_BONUS = 0.75;
const VOCABULARY_NAMED_BONUS = 0.25;
/**
 * More again when the question also names the unit's kind, as its section does ("the jump spell"
 * and "Spell Descriptions > Jump"): a GM says so to tell a spell from the rule of the same name.
 */
const KIND_NAMED_BONUS = 0.5;
/** The question's word for a kind of unit, and the word its section uses ("the resistance cantrip": Spell Descriptions). */
const KIND_WORDS = new Map(
  [
    ['spell', 'spell'],
    ['cantrip', 'spell'],
    ['item', 'item'],
    ['monster', 'monster'],
  ].map(([said, section]) => [stem(said), stem(section)]),
);
/** How much a sentence of a unit the question names counts when it shares no word with the question. */
const UNSAID_IN_NAMED_UNIT = 0.5;
/** A stat block or spell field ("**Range:** 60 feet"): answers only when asked for. */
const STAT_LINE = /^\*\*[^*\n]{2,30}:?\*\*:?\s/;
/** Draft boilerplate of the offline content creator: never a fact. */
const BOILERPLATE = /\*\*Offline draft\.\*\*|No AI model is connected|connect Claude \(an Anthropic API key\)/;

export interface ScoringPassage {
  content: string;
  headingPath?: string;
  /** The document's name (its file name): names a passage that has no headings. */
  title?: string;
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
  /** The question's terms and those of the rulebook's names for its table talk. */
  terms: string[];
  /** The question's own terms only. */
  own: string[];
  bigrams: Set<string>;
  /** The question asks for an amount (how many, how far, what range, what AC): a sentence holding one answers it. */
  wantsAmount: boolean;
}

/** Questions that ask for an amount: a number of things, a distance, a weight, a cost, a duration, a stat. */
const AMOUNT_QUESTION =
  /\bhow (?:many|much|far|long|heavy|big|large|high|wide|tough|fast|often)\b|\bwhat(?:'s| is| are)? (?:the )?(?:range|cost|price|weight|dc|ac|armor class|hit points|hp|speed|duration|bonus|damage)\b/i;
/** A sentence that states an amount: a numeral, a die expression or a number word. */
const AMOUNT =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fifteen|twenty|thirty|forty|fifty|hundred|thousand|half|halved|twice|double|doubled|triple|tripled|thrice|quadrupled)\b/i;
/** How much more a sentence stating an amount scores when the question asks for one. */
const AMOUNT_BONUS = 0.3;

export function questionTermsOf(question: string): QuestionTerms {
  const expanded = [question, ...rulebookNamesFor(question)].join(' ');
  const terms = [...new Set(contentTerms(expanded))];
  return {
    terms,
    own: [...new Set(contentTerms(question))],
    bigrams: bigramsOf(contentTerms(expanded)),
    wantsAmount: AMOUNT_QUESTION.test(question.replace(/’/g, "'")),
  };
}

/**
 * Run-in labels of a passage: a paragraph or list item opening with a bold name
 * ("***Manacles.*** These…", "- **Greywater**: a fog-bound…") or with a short title-case
 * name and a full stop ("Healer’s Kit. This kit…"). Each holds for its paragraph or item.
 */
export function runInLabels(content: string): Array<{ start: number; end: number; label: string }> {
  const labels: Array<{ start: number; end: number; label: string }> = [];
  // A bold name must end in a full stop or colon (or go on with a parenthesis): "**Armor Class** 13" is a stat line, not a label.
  // A stat block's attack opens "***Rotting Fist.** Melee Weapon Attack:*" (three stars, then two).
  const opening =
    /^[ \t]*(?:[-*•]\s+)?(?:(\*{2,3}|__?)([^*_\n]{2,60}?[.:])(?:\1|\*\*(?=\s))|(\*{2,3}|__?)([^*_\n]{2,60}?)\3(?=[.:]| \()|([A-Z][\p{L}’'-]*(?: (?:[A-Z][\p{L}’'-]*|of|the|and|or|a|an|in|on|to|with|for)){0,4})\.(?= [A-Z]))/gmu;
  for (const match of content.matchAll(opening)) {
    const start = match.index;
    // The label holds until a blank line or the next list item.
    const rest = content.slice(start + match[0].length);
    const stop = rest.search(/\n\s*\n|\n[ \t]*[-*•]\s/);
    const end = stop === -1 ? content.length : start + match[0].length + stop;
    labels.push({ start, end, label: (match[2] ?? match[4] ?? match[5]).replace(/[.:]$/, '').trim() });
  }
  // ...and until the next label.
  for (let i = 0; i + 1 < labels.length; i += 1) labels[i].end = Math.min(labels[i].end, labels[i + 1].start);
  return labels;
}

/** A table row as the chunker writes it: cells joined by ' | ' (outer pipes optional). */
const TABLE_ROW = /\S \| \S/;
/** A group label inside a table ("*Arcane focus*" above "Crystal | 10 gp | 1 lb."). */
const TABLE_GROUP = /^\s*(?:\*{1,2}|_)[^*_|\n]{2,40}(?:\*{1,2}|_)\s*$/;

/**
 * The rows of a passage's tables: each row is read under its table's header row ("Name | Cost |
 * Weight | Properties") and any group label above it, and is named by its first cell
 * ("Longbow"), as a run-in label names its paragraph. A header row only names columns.
 */
export function tableRows(content: string): Array<{ start: number; end: number; header: boolean; context: string; name: string }> {
  const rows: Array<{ start: number; end: number; header: boolean; context: string; name: string }> = [];
  let header: string | undefined;
  let group = '';
  let offset = 0;
  for (const line of content.split('\n')) {
    const start = offset;
    offset += line.length + 1;
    if (TABLE_ROW.test(line)) {
      const cells = line
        .split('|')
        .map((cell) => cell.trim())
        .filter(Boolean);
      if (header === undefined) {
        header = line;
        rows.push({ start, end: start + line.length, header: true, context: '', name: '' });
      } else rows.push({ start, end: start + line.length, header: false, context: `${header} ${group}`, name: cells[0] ?? '' });
    } else if (header !== undefined && TABLE_GROUP.test(line)) group = line.replace(/[*_]/g, ' ');
    else if (line.trim() !== '') {
      header = undefined;
      group = '';
    }
  }
  return rows;
}

/**
 * The question names a unit in its own words and says what kind it is, as the unit's section does:
 * "the resistance cantrip" and "Spell Descriptions > Resistance".
 */
export function namesUnitAndKind(question: QuestionTerms, headingPath: string | undefined): boolean {
  const headings = (headingPath ?? '').split(' > ').filter(Boolean);
  if (headings.length < 2) return false;
  const own = new Set(question.own);
  const name = contentTerms(headings[headings.length - 1]);
  if (name.length === 0 || !name.every((term) => own.has(term))) return false;
  const kindsSaid = new Set(question.own.flatMap((term) => KIND_WORDS.get(term) ?? []));
  return contentTerms(headings[headings.length - 2]).some((term) => kindsSaid.has(term));
}

function documentName(title: string | undefined): string {
  return (title ?? '').replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[-_]+/g, ' ');
}

/** Every sentence of the passages, scored against the question. */
export function scoreSentences(question: QuestionTerms, passages: ScoringPassage[]): ScoredSentence[] {
  // Only the question's terms are ever looked up in a sentence, so each sentence keeps just the
  // question terms it holds (and its headings' and labels' terms are kept once per passage, label
  // or table row): the reranking scores about 40 passages of a dozen sentences per search, and
  // building every sentence's full term and word-pair sets was most of its time.
  const items: Array<{
    passageIndex: number;
    position: number;
    span: TextSpan;
    /** The question's terms the sentence holds, each once. */
    present: string[];
    /** Distinct terms of the sentence. */
    size: number;
    /** The question's word pairs the sentence holds side by side. */
    phraseHits: number;
    heading: boolean;
    context: Array<Set<string>>;
    named: number;
    amount: boolean;
  }> = [];
  const own = new Set(question.own);
  const asked = new Set(question.terms);
  /** The bonus for a unit of this name (0 when the question does not name it in full). */
  const namedInFull = (name: string) => {
    const terms = contentTerms(name);
    if (terms.length === 0) return 0;
    if (terms.every((term) => own.has(term))) return NAMED_UNIT_BONUS;
    return terms.every((term) => asked.has(term)) ? VOCABULARY_NAMED_BONUS : 0;
  };
  passages.forEach((passage, passageIndex) => {
    const headings = (passage.headingPath ?? '').split(' > ').filter(Boolean);
    const unit = headings.at(-1) ?? documentName(passage.title);
    const headingTerms = new Set(contentTerms(headings.length > 0 ? headings.slice(-2).join(' ') : unit));
    const unitNamed = namedInFull(unit) + (namesUnitAndKind(question, passage.headingPath) ? KIND_NAMED_BONUS : 0);
    const labels = runInLabels(passage.content).map((l) => ({ ...l, terms: new Set(contentTerms(l.label)), named: namedInFull(l.label) }));
    const rows = tableRows(passage.content).map((r) => ({ ...r, terms: new Set(contentTerms(r.context)), named: r.name ? namedInFull(r.name) : 0 }));
    splitSentences(passage.content).forEach((raw, position) => {
      if (BOILERPLATE.test(raw.text)) return;
      const span = quotableSpan(raw);
      const termList = contentTerms(span.text);
      const label = labels.find((l) => l.start <= raw.start && raw.start < l.end);
      const row = rows.find((r) => r.start <= raw.start && raw.start < r.end);
      const present: string[] = [];
      let phrases: Set<string> | undefined;
      for (let i = 0; i < termList.length; i += 1) {
        const term = termList[i];
        if (!asked.has(term)) continue;
        if (!present.includes(term)) present.push(term);
        // A question pair's words are both question terms.
        if (i > 0 && asked.has(termList[i - 1])) {
          const pair = `${termList[i - 1]} ${term}`;
          if (question.bigrams.has(pair)) (phrases ??= new Set()).add(pair);
        }
      }
      const context = [headingTerms];
      if (label) context.push(label.terms);
      if (row) context.push(row.terms);
      items.push({
        passageIndex,
        position,
        span,
        present,
        // Only a sentence of more than 30 terms is scaled for its length.
        size: termList.length > 30 ? new Set(termList).size : termList.length,
        phraseHits: phrases?.size ?? 0,
        heading: row?.header === true || isLabel(span.text, termList.length),
        context,
        named: Math.max(unitNamed, label?.named ?? 0, row?.named ?? 0),
        amount: question.wantsAmount && AMOUNT.test(span.text),
      });
    });
  });
  const frequency = new Map<string, number>();
  for (const item of items) for (const term of item.present) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  // A number in a question is usually the case at hand ("fall 60 feet"), not the rule's words.
  const idf = (term: string) => Math.log(1 + items.length / (1 + (frequency.get(term) ?? 0))) * (GENERIC_TERMS.has(term) || /^\d+$/.test(term) ? GENERIC_WEIGHT : 1);
  const weights = new Map(question.terms.map((term) => [term, idf(term)]));
  const total = question.terms.reduce((sum, term) => sum + (weights.get(term) ?? 0), 0) || 1;

  return items.map((item) => {
    let weight = 0;
    const matched = item.present.length;
    for (const term of question.terms) {
      if (item.present.includes(term)) weight += weights.get(term) ?? 0;
      else if (item.context.some((terms) => terms.has(term))) weight += (weights.get(term) ?? 0) * HEADING_WEIGHT;
    }
    const lengthFactor = item.size > 30 ? Math.sqrt(30 / item.size) : 1;
    const amount = item.amount ? 1 + AMOUNT_BONUS : 1;
    // A sentence sharing no word with the question counts only inside a unit the question names
    // in its own words ("What does the resistance cantrip do?": its rule shares nothing but the name).
    const relevance = matched > 0 ? 1 : item.named >= NAMED_UNIT_BONUS && !STAT_LINE.test(item.span.text) ? UNSAID_IN_NAMED_UNIT : 0;
    const score =
      relevance === 0
        ? 0
        : relevance * (weight * (0.5 + weight / total) + item.phraseHits * 0.5) * lengthFactor * (1 + item.named) * amount * (item.heading ? 0.2 : 1);
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
