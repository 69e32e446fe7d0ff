import { describe, expect, it } from 'vitest';
import { PACK_LIMITS } from '../../../core/index.ts';
import { fetchPack, resolvePackUrl } from './pack-url.ts';

const PAGE = 'https://learn.example/theinference/#/course=x';

describe('resolvePackUrl', () => {
  it.each([
    ['/packs/tiny.json', 'https://learn.example/packs/tiny.json'],
    ['packs/tiny.zip', 'https://learn.example/theinference/packs/tiny.zip'],
    ['https://learn.example/other/tiny.json', 'https://learn.example/other/tiny.json'],
  ])('opens %j from the page’s own origin', (path, href) => {
    const resolved = resolvePackUrl(path, PAGE);
    expect(resolved.ok && resolved.url.href).toBe(href);
  });

  it.each([
    'https://evil.example/tiny.json',
    '//evil.example/tiny.json',
    'http://learn.example/tiny.json',
    'data:application/json,{}',
    'javascript:alert(1)',
  ])('refuses %j, saying why', (path) => {
    expect(resolvePackUrl(path, PAGE)).toEqual({
      ok: false,
      message: `A course pack opens from this site’s own addresses (https://learn.example) only, and “${path}” is not one. Download the pack and choose it with Open course instead.`,
    });
  });
});

describe('fetchPack', () => {
  const url = new URL('https://learn.example/packs/tiny%20pack.json');

  it('fetches the bytes, named by the address', async () => {
    const fetched = await fetchPack(url, () => Promise.resolve(new Response('{"files":{}}')));
    expect(fetched).toEqual({
      ok: true,
      bytes: new TextEncoder().encode('{"files":{}}'),
      name: 'tiny pack.json',
    });
  });

  it('says what the server answered', async () => {
    const fetched = await fetchPack(url, () =>
      Promise.resolve(new Response('no', { status: 404, statusText: 'Not Found' })),
    );
    expect(fetched).toEqual({
      ok: false,
      message: `The course pack at ${url.href} could not be fetched: the server answered 404 Not Found.`,
    });
  });

  it('refuses a pack larger than a pack may be, by its declared length', async () => {
    const fetched = await fetchPack(url, () =>
      Promise.resolve(
        new Response('{}', { headers: { 'content-length': String(PACK_LIMITS.bytes + 1) } }),
      ),
    );
    expect(fetched.ok ? undefined : fetched.message).toBe(
      `The course pack at ${url.href} is larger than the 32 MB a pack may be.`,
    );
  });

  it('says when the network fails', async () => {
    const fetched = await fetchPack(url, () => Promise.reject(new TypeError('Failed to fetch')));
    expect(fetched.ok ? undefined : fetched.message).toBe(
      `The course pack at ${url.href} could not be fetched (Failed to fetch).`,
    );
  });
});
