import { describe, expect, it } from 'vitest';
import { precacheOf } from './service-worker.ts';

const build = {
  'index.html': '<html>v1</html>',
  'assets/index-1a2b.js': 'console.log(1)',
  'assets/index-1a2b.js.br': 'packed',
  'assets/esbuild-3c4d.wasm': new Uint8Array([0, 97, 115, 109]),
  'runner.html': '<html>runner</html>',
  'icons/icon-192.png': new Uint8Array([137, 80, 78, 71]),
  'index.html.gz': 'packed',
  _headers: '/*\n  X: y',
  'sw.js': 'self.x = 1',
};

describe('precacheOf', () => {
  it('lists every file the app serves: hashed ones bare, the others with a content hash', () => {
    const { entries } = precacheOf(build);
    expect(entries.map((e) => [e.url, e.revision === null])).toEqual([
      ['assets/esbuild-3c4d.wasm', true],
      ['assets/index-1a2b.js', true],
      ['icons/icon-192.png', false],
      ['index.html', false],
      ['runner.html', false],
    ]);
    expect(entries.find((e) => e.url === 'index.html')?.revision).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gives a new version when any served file changes, and the same one otherwise', () => {
    const { version } = precacheOf(build);
    expect(precacheOf({ ...build }).version).toBe(version);
    expect(precacheOf({ ...build, 'index.html': '<html>v2</html>' }).version).not.toBe(version);
    expect(precacheOf({ ...build, 'runner.html': '<html>r2</html>' }).version).not.toBe(version);
    expect(precacheOf({ ...build, 'assets/new-5e6f.js': 'x' }).version).not.toBe(version);
    // Precompressed copies and host configuration are not the app's files.
    expect(precacheOf({ ...build, _headers: 'changed' }).version).toBe(version);
  });
});
