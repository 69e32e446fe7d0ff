import { describe, expect, it } from 'vitest';
import { cachesToDelete, precachedPath } from './precache.ts';

const scope = 'https://host.example/theinference/';
const files = new Set(['index.html', 'runner.html', 'assets/index-1a2b.js', 'icons/icon-192.png']);

describe('precachedPath', () => {
  it.each([
    ['the app at the scope itself', `${scope}`, true, 'index.html'],
    ['the app by name', `${scope}index.html`, true, 'index.html'],
    ['a navigation with a query', `${scope}?utm_source=x`, true, 'index.html'],
    ['the runner frame, a navigation of its own', `${scope}runner.html`, true, 'runner.html'],
    ['a hashed chunk', `${scope}assets/index-1a2b.js`, false, 'assets/index-1a2b.js'],
    ['a nested public file', `${scope}icons/icon-192.png`, false, 'icons/icon-192.png'],
  ])('answers %s from the cache', (_name, url, navigation, expected) => {
    expect(precachedPath(files, scope, url, navigation)).toBe(expected);
  });

  it.each([
    ['another origin', 'https://cdn.example/theinference/index.html', true],
    ['a path outside the scope', 'https://host.example/index.html', true],
    ['a file the build did not emit', `${scope}assets/old-9z9z.js`, false],
    ['a page the app does not have', `${scope}nowhere`, true],
    ['a subresource with a query', `${scope}assets/index-1a2b.js?v=2`, false],
    ['the scope root as a subresource', `${scope}`, false],
  ])('leaves %s to the network', (_name, url, navigation) => {
    expect(precachedPath(files, scope, url, navigation)).toBeUndefined();
  });
});

describe('cachesToDelete', () => {
  it('keeps the current cache and the newest older one of ours, and nothing else is touched', () => {
    const names = [
      'theinference-v1',
      'other-app',
      'theinference-v2',
      'theinference-v3',
      'theinference-v4',
    ];
    expect(cachesToDelete(names, 'theinference-v4')).toEqual([
      'theinference-v1',
      'theinference-v2',
    ]);
  });

  it('deletes nothing on a first install', () => {
    expect(cachesToDelete(['theinference-v1'], 'theinference-v1')).toEqual([]);
  });
});
