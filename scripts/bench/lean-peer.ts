/**
 * The lean process peer: one Node process (run with tsx) that imports a lesson's reference loop
 * and replays every case's cassette to it in order, with no request checks and no course
 * loading: the least a learner's own `tsx` run of the same loop could do. A streamed reply's
 * events come at once, and a lesson's code that imports the SDK gets peer-sdk.ts in its place.
 * Usage: tsx scripts/bench/lean-peer.ts <lesson-dir> <dir>
 * where <lesson-dir> is fixtures/<lesson> and <dir> holds the lesson's program.ts and src/ as
 * written by prepareProcessDir().
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiResponse } from '../../core/api/messages.ts';
import type { TimedEvent } from '../../core/api/stream-events.ts';
import { createStreamLedger } from '../../core/sandbox/event-stream.ts';
import type { Harness, HarnessMain } from '../../core/sandbox/harness-api.ts';
import { scriptedUser } from '../../core/run/user-source.ts';
import type { PeerModel } from './peer-sdk.ts';

const [lessonDir, dir] = process.argv.slice(2);
if (!lessonDir || !dir) throw new Error('usage: lean-peer.ts <lesson-dir> <dir>');

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const program = (await import(pathToFileURL(join(dir, 'program.ts')).href)) as {
  default: HarnessMain;
};
const casesDir = join(lessonDir, 'cases');
for (const name of readdirSync(casesDir).sort()) {
  const { input } = readJson(join(casesDir, name, 'case.json')) as { input: unknown };
  const { calls } = readJson(join(casesDir, name, 'cassette.json')) as {
    calls: { response: ApiResponse; stream?: TimedEvent[] }[];
  };
  let next = 0;
  const streams = createStreamLedger(() => Promise.resolve());
  const createMessage = () => {
    const call = calls[next++];
    return call ? Promise.resolve(call.response) : Promise.reject(new Error('no more calls'));
  };
  const streamMessage = () => {
    const call = calls[next++];
    if (!call?.stream) return Promise.reject(new Error('no more streamed calls'));
    return Promise.resolve(streams.open(next, call.stream));
  };
  // The same answers behind the SDK, for a lesson whose code imports it (scripts/bench/peer-sdk.ts).
  (globalThis as { __leanPeerModel?: PeerModel }).__leanPeerModel = (request) =>
    request.stream === true ? streamMessage() : createMessage();
  const harness: Harness = {
    input,
    // Part one's reply type, as the harness API gives it (core/sandbox/harness-api.ts).
    createMessage: () => createMessage() as ReturnType<Harness['createMessage']>,
    streamMessage,
    ask: scriptedAsk(input),
    tools: (impls) => async (tool, toolInput) => {
      const impl = impls[tool];
      if (!impl) throw new Error(`unknown tool: ${tool}`);
      const value: unknown = await impl(toolInput);
      return typeof value === 'string' ? value : JSON.stringify(value);
    },
    consoleLines: () => [],
    print: (value) => console.log(`${name}: ${JSON.stringify(value)}`),
  };
  await program.default(harness);
}

/** The case's scripted user, as the harness's `ask` (the hosts answer it from `input.answers`). */
function scriptedAsk(input: unknown): Harness['ask'] {
  const user = scriptedUser(input);
  return async (call) => {
    const answer = await user(call);
    if (!answer.ok) throw new Error(answer.message);
    return answer.decision;
  };
}
