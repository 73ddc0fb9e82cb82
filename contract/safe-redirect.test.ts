import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './safe-redirect';

const ORIGIN = 'https://tomekeeper.example';

describe('safeRedirectTarget', () => {
  it.each([
    '/\t/other.example',
    '/\n/other.example',
    '/\r\n/other.example',
    '\t//other.example',
    '//other.example',
    '/\\other.example',
    '\\\\other.example',
    '/%09/other.example',
    '/%2F/other.example',
    '/%5Cother.example',
    '/%0d%0aSet-Cookie:x=1',
    '/\r\nSet-Cookie: x=1',
    '/./\\other.example',
    '/.//other.example',
    '/a/..//other.example',
    'https://other.example/',
    'javascript:alert(1)',
    ' /dashboard',
    '/login',
    '/register?x=1',
    '',
    null,
    undefined,
    42,
  ])('refuses %j', (value) => {
    expect(safeRedirectTarget(value)).toBe('/dashboard');
  });

  it.each([
    ['/assistant', '/assistant'],
    ['/datasets?tome=abc#doc', '/datasets?tome=abc#doc'],
    ['/timeline?campaign=1&zoom=month', '/timeline?campaign=1&zoom=month'],
    ['/concept-map/../dashboard', '/dashboard'],
  ])('keeps the same-origin path %j', (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });

  it('never yields a target a browser resolves to another origin', () => {
    const pieces = ['/', '\\', '\t', '\n', '%2f', '%5c', '.', '..', 'other.example', '%09', ':', '@', '?', '#'];
    for (const a of pieces)
      for (const b of pieces)
        for (const c of pieces) {
          const target = safeRedirectTarget(`/${a}${b}${c}other.example`);
          expect(new URL(target, ORIGIN).origin).toBe(ORIGIN);
          expect(new URL(decodeURIComponent(target.replace(/%(?![0-9a-f]{2})/gi, '%25')), ORIGIN).origin).toBe(ORIGIN);
        }
  });
});
