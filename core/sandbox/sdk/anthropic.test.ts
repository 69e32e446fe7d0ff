import * as Real from '@anthropic-ai/sdk';
import { build } from 'esbuild';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

/**
 * The stand-in imports the worker runtime, which hardens the realm it loads in: it is loaded
 * here in a realm of its own (node:vm), never in the test's.
 */
async function loadStandIn(): Promise<Record<string, unknown>> {
  const result = await build({
    entryPoints: [new URL('./anthropic.ts', import.meta.url).pathname],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'sdk',
    platform: 'neutral',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  return runInNewContext(`${code}; sdk`, {
    console: { log() {}, info() {}, warn() {}, error() {}, debug() {} },
  }) as Record<string, unknown>;
}

const staticNames = (cls: object) =>
  Object.getOwnPropertyNames(cls)
    .filter((name) => /Error$/.test(name) && !/^(Beta|Compaction|Thread)/.test(name))
    .sort();

describe('@anthropic-ai/sdk in a run', () => {
  it('exports the client as the default and as Anthropic, and every error class the real one does', async () => {
    const sdk = await loadStandIn();
    expect(sdk.default).toBe(sdk.Anthropic);
    const realErrors = Object.keys(Real).filter((name) => /Error$/.test(name));
    expect(realErrors.filter((name) => typeof sdk[name] !== 'function')).toEqual([]);
  });

  it("has the real client's error classes as statics", async () => {
    const sdk = await loadStandIn();
    const ours = sdk.Anthropic as Record<string, unknown>;
    const base = Object.getPrototypeOf(Real.Anthropic) as object;
    // The statics of the real client's base class: the error classes of core/error.ts.
    for (const name of staticNames(base)) expect(typeof ours[name], name).toBe('function');
    expect(ours.BadRequestError).toBe(sdk.BadRequestError);
    expect(ours.Anthropic).toBe(ours);
  });
});
