import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  buildRunnerFrameScript,
  runnerFrameFileName,
  runnerFrameHtml,
  scriptHash,
} from './runner-frame.ts';

const entry = fileURLToPath(new URL('../web/host/runner-frame/frame.ts', import.meta.url));

describe('runner.html', () => {
  it('carries its script inline, allowed by the hash of exactly that text, and nothing else', async () => {
    const script = await buildRunnerFrameScript(entry, true);
    const html = runnerFrameHtml(script);
    const inline = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    const policy = /content="([^"]*)"/.exec(html)?.[1];
    expect(policy).toBe(
      `default-src 'none'; script-src '${scriptHash(inline)}' blob: 'unsafe-eval'; worker-src blob:; connect-src 'none'; base-uri 'none'; form-action 'none'`,
    );
    // One navigation: no script, style or image to fetch.
    const markup = html.replace(inline, '').replace(/<!--[\s\S]*?-->/g, '');
    expect(markup).not.toMatch(/<(script|link|img|iframe|style)\b[^>]*\b(src|href)=/);
    expect(markup.match(/<script/g)).toHaveLength(1);
  });

  it('cannot be cut short by "</script" inside the code', () => {
    const html = runnerFrameHtml('const s = "</script><img src=x>";');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('lives under assets/, in a folder named for its content, so hosts cache it as immutable', () => {
    const one = runnerFrameFileName(runnerFrameHtml('one()'));
    expect(one).toMatch(/^assets\/[0-9a-f]{10}\/runner\.html$/);
    expect(runnerFrameFileName(runnerFrameHtml('one()'))).toBe(one);
    expect(runnerFrameFileName(runnerFrameHtml('two()'))).not.toBe(one);
  });
});
