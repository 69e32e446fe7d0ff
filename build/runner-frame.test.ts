import { MessageChannel } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  buildFrameWorkers,
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

  it('builds each worker the frame starts from its own file, into the frame as a string', async () => {
    const workers = await buildFrameWorkers(true);
    expect(Object.keys(workers).sort()).toEqual(['__CASE_WORKER__', '__HEARTBEAT_WORKER__']);
    const script = await buildRunnerFrameScript(entry, true);
    for (const name of Object.keys(workers)) expect(script).not.toContain(name);
    for (const text of Object.values(workers)) {
      expect(JSON.parse(text)).toMatch(/^"use strict";/);
    }
  });

  it('gives the heartbeat worker a program that echoes every beat on the port the page sent', async () => {
    const { __HEARTBEAT_WORKER__: text = '""' } = await buildFrameWorkers(false);
    const scope: { onmessage?: (event: { ports: unknown[] }) => void } = {};
    // The worker's program, with `self` its global: a strict classic script of its own.
    new Function('self', JSON.parse(text) as string)(scope);
    const { port1, port2 } = new MessageChannel();
    scope.onmessage?.({ ports: [port2] });
    const echoed = await new Promise((resolve) => {
      port1.once('message', resolve);
      port1.postMessage({ beat: 7 });
    });
    port1.close();
    expect(echoed).toEqual({ beat: 7 });
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
