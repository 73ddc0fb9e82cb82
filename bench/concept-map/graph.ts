/**
 * The benchmarks' concept map: N invented concepts (all eight types) and about 1.5 N relationships
 * (a random tree plus cross links, strengths 1-10), put through the real generate path with Claude
 * pointed at the fake Messages API (tests/support/fake-anthropic.ts).
 */
import type { startFakeAnthropic } from '../../tests/support/fake-anthropic';
import type { startBuiltServer } from '../support/server';

const TYPES = ['location', 'character', 'item', 'event', 'mission', 'organization', 'concept', 'lore'];
const SYLLABLES = [
  'ar',
  'bel',
  'cor',
  'dun',
  'el',
  'fen',
  'gar',
  'hol',
  'is',
  'jor',
  'kel',
  'lum',
  'mor',
  'nor',
  'or',
  'pel',
  'quin',
  'ros',
  'sar',
  'tor',
  'ul',
  'vek',
  'wyn',
  'yr',
  'zan',
];

/** A pronounceable, unique two-word name for concept i. */
function nameOf(i: number): string {
  const word = (n: number) => {
    const a = SYLLABLES[n % 25];
    const b = SYLLABLES[Math.floor(n / 25) % 25];
    const c = SYLLABLES[Math.floor(n / 625) % 25];
    const text = `${a}${b}${c}`;
    return text[0].toUpperCase() + text.slice(1);
  };
  return `${word(i * 7 + 3)} ${word(i)}`;
}

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function toolInput(size: number) {
  const next = random(size);
  const concepts = Array.from({ length: size }, (_, i) => ({
    name: nameOf(i),
    type: TYPES[i % TYPES.length],
    description: `${nameOf(i)} is concept number ${i + 1} of the benchmark campaign.`,
  }));
  const relationships = [];
  for (let i = 1; i < size; i++) {
    // A tree (each concept tied to an earlier one) plus half as many cross links.
    relationships.push({ source: nameOf(i), target: nameOf(Math.floor(next() * i)), relationship: 'serves', strength: 1 + Math.floor(next() * 10) });
    if (i % 2 === 0)
      relationships.push({ source: nameOf(i), target: nameOf(Math.floor(next() * size)), relationship: 'knows', strength: 1 + Math.floor(next() * 10) });
  }
  return { concepts, relationships };
}

/** A campaign whose map has `size` concepts (minimum strength 1, so every relationship is drawn); its id and the map. */
export async function createBenchMap(
  server: Awaited<ReturnType<typeof startBuiltServer>>,
  token: string,
  fake: Awaited<ReturnType<typeof startFakeAnthropic>>,
  size: number,
) {
  const api = server.apiAs(token);
  const tome = await api('POST', '/api/datasets', { name: `Bench ${size}` });
  const { documentId: document_id } = await server.uploadAs(
    token,
    tome.id,
    `bench-${size}.md`,
    `# Benchmark campaign ${size}\n\nA note listing ${size} people, places and things.\n`,
  );
  const campaign = await api('POST', '/api/campaigns', { name: `Bench ${size}` });
  await api('POST', `/api/campaigns/${campaign.id}/datasets`, { dataset_id: tome.id });
  await api('PUT', `/api/campaigns/${campaign.id}/concept-map/settings`, { min_strength: 1 });
  fake.setDefault({ kind: 'tool', input: toolInput(size) });
  const map = await api('POST', `/api/campaigns/${campaign.id}/concept-map/generate?wait=true`, {
    selected_documents: [{ id: document_id, dataset_id: tome.id }],
  });
  return { campaignId: campaign.id as string, map: map as { concepts: unknown[]; relationships: unknown[] } };
}

/**
 * Resolves in the page once the map reports it settled; for page.evaluate (a string: tsx's helpers
 * do not exist in the page). A locator's waitFor polls the whole document from outside instead,
 * which at 2,000 concepts took up to hundreds of ms of the page's main thread per poll and slowed
 * the very settle it waited for.
 */
export const SETTLED = `new Promise((resolve) => {
  const settled = () => document.querySelector('[data-testid="concept-graph"][data-state="settled"]');
  if (settled()) return resolve(true);
  const observer = new MutationObserver(() => {
    if (!settled()) return;
    observer.disconnect();
    resolve(true);
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
})`;
