/**
 * Which names are the same thing. Names sharing a key are one concept; a shorter name joins a
 * longer one when it is unambiguously part of it: 'Quenby' or 'Hollis' → 'Hollis Quenby',
 * 'Pale Lantern' → 'Order of the Pale Lantern', 'Keep' → 'Cinderfall Keep'.
 */

import type { ConceptType } from './types';
import { NAME_CONNECTORS } from './names';

export interface IdentityItem {
  /** Normalised keys (see normalizeKey) the item is known by. */
  keys: string[];
  type: ConceptType;
}

/** Returns a group number per item; items with the same number are one concept. */
export function resolveIdentities(items: IdentityItem[]): number[] {
  const parent = items.map((_, index) => index);
  const find = (index: number): number => {
    while (parent[index] !== index) {
      parent[index] = parent[parent[index]];
      index = parent[index];
    }
    return index;
  };
  const groupType = new Map<number, ConceptType>();
  const union = (a: number, b: number) => {
    const rootA = find(a);
    const rootB = find(b);
    if (rootA === rootB) return;
    parent[rootB] = rootA;
    const typeA = groupType.get(rootA) ?? items[rootA].type;
    const typeB = groupType.get(rootB) ?? items[rootB].type;
    groupType.set(rootA, typeA === 'concept' ? typeB : typeA);
  };
  const typeOf = (index: number) => groupType.get(find(index)) ?? items[find(index)].type;

  const byKey = new Map<string, number>();
  items.forEach((item, index) => {
    for (const key of item.keys) {
      const seen = byKey.get(key);
      if (seen === undefined) byKey.set(key, index);
      else union(seen, index);
    }
  });

  const { suffixes, prefixes } = indexParts(byKey);
  // Longer short names first, so 'Pale Lantern' has joined its order before 'Lantern' looks for a home.
  const shortKeys = [...byKey.keys()].sort((a, b) => wordCount(b) - wordCount(a));
  for (const key of shortKeys) {
    if (key.length < 3) continue;
    const item = byKey.get(key)!;
    const targets = new Set<number>();
    for (const part of suffixes.get(key) ?? []) {
      // Missions are phrases ('Recover the Moonveil Lance'), not longer names.
      if (typeOf(part.item) === 'mission') continue;
      if (part.afterOf && typeOf(part.item) !== 'organization') continue;
      if (compatible(typeOf(item), typeOf(part.item))) targets.add(find(part.item));
    }
    // A first name alone ('Tamsin') only stands for a person.
    for (const part of prefixes.get(key) ?? []) {
      if (typeOf(part.item) === 'character' && compatible(typeOf(item), 'character')) targets.add(find(part.item));
    }
    targets.delete(find(item));
    if (targets.size === 1) union([...targets][0], item);
  }

  return items.map((_, index) => find(index));
}

interface Part {
  item: number;
  /** 'pale lantern' in 'order of the pale lantern'. */
  afterOf: boolean;
}

function indexParts(byKey: Map<string, number>) {
  const suffixes = new Map<string, Part[]>();
  const prefixes = new Map<string, Part[]>();
  const add = (map: Map<string, Part[]>, key: string, part: Part) => {
    const list = map.get(key);
    if (list) list.push(part);
    else map.set(key, [part]);
  };
  for (const [key, item] of byKey) {
    const words = key.split(' ');
    if (words.length < 2 || words.length > 8) continue;
    for (let start = 1; start < words.length; start += 1) {
      if (CONNECTORS.has(words[start])) continue;
      const before = words[start - 1];
      // 'Size and Strength' is not a kind of 'Strength'.
      if (before === 'and' || before === 'or') continue;
      const afterOf = before === 'of' || (before === 'the' && words[start - 2] === 'of');
      if (before === 'the' && !afterOf) continue;
      add(suffixes, words.slice(start).join(' '), { item, afterOf });
    }
    if (words.length <= 3 && !words.some((word) => CONNECTORS.has(word))) {
      add(prefixes, words[0], { item, afterOf: false });
    }
  }
  return { suffixes, prefixes };
}

const CONNECTORS = new Set([...NAME_CONNECTORS, 'and', 'or']);

function compatible(a: ConceptType, b: ConceptType): boolean {
  return a === b || a === 'concept' || b === 'concept';
}

function wordCount(key: string): number {
  return key.split(' ').length;
}
