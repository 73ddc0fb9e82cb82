import { describe, expect, it } from 'vitest';
import { CONCEPT_TYPES as EXTRACTED_TYPES } from '../server/domain/concept-map/extract/types';
import {
  clampToCanvas,
  clampZoom,
  CONCEPT_TYPE_MAP,
  CONCEPT_TYPES,
  linkDistance,
  linkWidth,
  nodeRadius,
  parseMinStrength,
  toGraph,
  truncateLabel,
  visibleRelationships,
  zoomAround,
} from './concept-map';

describe('concept map constants and geometry', () => {
  it('has the extractor’s eight types, each with its own colour', () => {
    expect([...CONCEPT_TYPES]).toEqual([...EXTRACTED_TYPES]);
    const colours = CONCEPT_TYPES.map((type) => CONCEPT_TYPE_MAP[type].color);
    expect(new Set(colours).size).toBe(8);
    for (const colour of colours) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('keeps zoom between 0.1 and 5, around the point under the cursor', () => {
    expect(clampZoom(0.01)).toBe(0.1);
    expect(clampZoom(9)).toBe(5);
    const zoomed = zoomAround({ k: 1, x: 0, y: 0 }, 1.2, { x: 100, y: 50 });
    expect(zoomed.k).toBeCloseTo(1.2);
    // The graph point under the cursor is still under it.
    expect(toGraph(zoomed, { x: 100, y: 50 })).toEqual({ x: expect.closeTo(100), y: expect.closeTo(50) });
    expect(zoomAround({ k: 5, x: 3, y: 4 }, 1.1, { x: 0, y: 0 })).toEqual({ k: 5, x: 3, y: 4 });
  });

  it('sizes nodes 8–20 px by weight and links 1–5 px by strength', () => {
    expect(nodeRadius(1, 1, 30)).toBe(8);
    expect(nodeRadius(30, 1, 30)).toBe(20);
    const middle = nodeRadius(10, 1, 30);
    expect(middle).toBeGreaterThan(8);
    expect(middle).toBeLessThan(20);
    expect(nodeRadius(4, 4, 4)).toBeGreaterThanOrEqual(8);
    expect(linkWidth(1)).toBe(1);
    expect(linkWidth(10)).toBe(5);
    expect(linkWidth(14)).toBe(5);
    expect(linkDistance(5)).toBe(150);
    expect(linkDistance(10)).toBe(200);
  });

  it('cuts labels at 15 characters and keeps nodes 30 px inside the edges', () => {
    expect(truncateLabel('Brinehollow')).toBe('Brinehollow');
    expect(truncateLabel('Order of the Pale Lantern')).toBe('Order of the Pa…');
    expect(clampToCanvas(5, 800)).toBe(30);
    expect(clampToCanvas(790, 800)).toBe(770);
    expect(clampToCanvas(400, 800)).toBe(400);
  });

  it('reads minimum strength as a whole number from 1 to 10, and hides weaker relationships', () => {
    expect(parseMinStrength('7')).toBe(7);
    expect(parseMinStrength(10)).toBe(10);
    for (const bad of ['0', '11', '2.5', 'x', '', -1, null]) expect(parseMinStrength(bad)).toBeNull();
    expect(visibleRelationships([{ strength: 2 }, { strength: 3 }, { strength: 9 }], 3)).toEqual([{ strength: 3 }, { strength: 9 }]);
  });
});
