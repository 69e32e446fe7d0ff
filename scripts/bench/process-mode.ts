/**
 * The peer a learner would otherwise use: a lesson's harness and loop run as one Node process
 * with tsx, the cassette answered in the same process (no worker, no bundle).
 * Usage: tsx scripts/bench/process-mode.ts <lesson-id> <case> <dir>
 * where <dir> holds the lesson's program.ts and src/ as written by prepareProcessDir().
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Harness, HarnessMain } from '../../core/sandbox/harness-api.ts';
import { scriptedUser } from '../../core/run/user-source.ts';
import { createCassetteSession } from '../../core/cassette/session.ts';
import { createStreamLedger } from '../../core/sandbox/event-stream.ts';
import { loadPackagedCourse } from '../../cli/load.ts';

const [lessonId, caseName, dir] = process.argv.slice(2);
const loaded = loadPackagedCourse();
if ('error' in loaded) throw new Error(loaded.error);
const lesson = loaded.course.lessons.find((l) => l.id === lessonId);
const testCase = lesson?.cases.find((c) => c.name === caseName);
if (!lesson || !testCase || !dir)
  throw new Error('usage: process-mode.ts <lesson-id> <case> <dir>');

const session = createCassetteSession(testCase.cassette);
const streams = createStreamLedger(() => Promise.resolve());
const answer = (request: unknown) => {
  const answered = session.answer(JSON.parse(JSON.stringify(request)) as Record<string, unknown>);
  if (!answered.ok) throw new Error(answered.rejection.body.error.message);
  return answered;
};
const harness: Harness = {
  input: testCase.input,
  async createMessage(request) {
    return answer(request).response as Awaited<ReturnType<Harness['createMessage']>>;
  },
  async streamMessage(request) {
    const { stream } = answer(request);
    if (!stream) throw new Error('the recorded reply is not a stream');
    return streams.open(session.made, stream);
  },
  ask: scriptedAsk(testCase.input),
  tools: (impls) => async (name, input) => {
    const impl = impls[name];
    if (!impl) throw new Error(`unknown tool: ${name}`);
    const value: unknown = await impl(input);
    return typeof value === 'string' ? value : JSON.stringify(value);
  },
  consoleLines: () => [],
  print: (value) => console.log(JSON.stringify(value)),
};
const program = (await import(pathToFileURL(join(dir, 'program.ts')).href)) as {
  default: HarnessMain;
};
await program.default(harness);

/** The case's scripted user, as the harness's `ask` (the hosts answer it from `input.answers`). */
function scriptedAsk(input: unknown): Harness['ask'] {
  const user = scriptedUser(input);
  return async (call) => {
    const answer = await user(call);
    if (!answer.ok) throw new Error(answer.message);
    return answer.decision;
  };
}
