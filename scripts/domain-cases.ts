/**
 * Makes the member cases of a lesson's rules that name a set (rules.json's `domain`), from the
 * rule's template case: for a stop reason, the template with the reply at `at` (its last call
 * when absent) stopping that way, and the prompt asking for what makes the model stop so; for
 * what a tool throws, the template with the tool failing that way (`input.failWith`) and the
 * model reading it. Then the reference records each new case's requests and expected output
 * (scripts/recording.ts), and the ids are fixed by the case's name, so making a case again
 * gives the same file.
 *
 *   npx tsx scripts/domain-cases.ts <lesson> [--again <case>...]
 *
 * A case that exists is left as it is, unless named after `--again`. Run `npm run format` after.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Cassette, LessonCase } from '../core/index.ts';
import { loadPackagedCourse } from '../cli/load.ts';
import { createNodeHost, FIXTURES_DIR } from '../cli/node-host.ts';
import { rulesFileSchema } from './lesson-rules.ts';
import { askMore, STOP_SCENARIOS, THROWN_SCENARIOS } from './domain-scenarios.ts';
import { recordCase } from './recording.ts';
import { estimateOutputTokens } from './token-estimate.ts';
import type { Domain } from './rule-domains.ts';

/** A full context window, in tokens (the course's model's). */
const CONTEXT_WINDOW = 1_000_000;

const [lessonId, flag, ...again] = process.argv.slice(2);
if (!lessonId || (flag !== undefined && flag !== '--again')) {
  console.error('usage: npx tsx scripts/domain-cases.ts <lesson> [--again <case>...]');
  process.exit(2);
}
const lessonDir = join(FIXTURES_DIR, lessonId);
const rules = rulesFileSchema.parse(
  JSON.parse(readFileSync(join(lessonDir, 'rules.json'), 'utf8')),
);
const host = createNodeHost();

const load = () => {
  const loaded = loadPackagedCourse(lessonId, { sealed: false });
  if ('error' in loaded) throw new Error(loaded.error);
  return loaded.course.lessons[0]!;
};

/** An id as the API shapes them, fixed by where it is used. */
const idFor = (seed: string) => {
  let n = 0;
  return (prefix: string) => {
    const digest = createHash('sha256').update(`${seed}/${prefix}/${n++}`).digest();
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    const tail = [...digest.subarray(0, 22)].map((b) => alphabet[b % alphabet.length]).join('');
    return `${prefix}_01${tail}`;
  };
};

/** The member case, made from the template, with its requests still to record. */
function memberCase(domain: Domain, member: string, template: LessonCase, name: string) {
  const calls: Cassette['calls'] = JSON.parse(JSON.stringify(template.cassette.calls));
  const at = domain.at ?? calls.length;
  const call = calls[at - 1];
  if (!call) throw new Error(`${template.name} has no call ${at}`);
  const input = { ...(template.input as Record<string, unknown>) };
  let description: string;
  for (const c of calls) {
    c.request = {};
    c.response.id = 'msg_new';
    for (const block of c.response.content) if (block.type === 'tool_use') block.id = 'toolu_new';
  }
  /** Every request carries the prompt: what it asks besides costs each the same more tokens. */
  const asking = (more: string) => {
    for (const c of calls) c.response.usage.input_tokens += Math.round(more.length / 3);
  };
  if (domain.set === 'stop_reason') {
    const scenario = STOP_SCENARIOS[member as keyof typeof STOP_SCENARIOS];
    if (!scenario) throw new Error(`no way to make a reply stop with ${member}`);
    const lead = call.response.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
    const maxTokens = Number(template.cassette.calls[at - 1]?.request.max_tokens ?? 1024);
    const { outputTokens, ...reply } = scenario.reply(lead, maxTokens);
    const output = outputTokens ?? estimateOutputTokens(reply.content);
    call.response = {
      ...call.response,
      ...reply,
      usage: { ...call.response.usage, output_tokens: output },
    };
    const prompt = askMore(String(input.prompt), scenario.ask);
    asking(prompt.slice(String(input.prompt).length));
    input.prompt = prompt;
    if (scenario.stopSequences) input.stopSequences = scenario.stopSequences;
    description = `Like ${template.name}, but the reply to call ${at} ${scenario.phrase}.`;
  } else if (domain.set === 'finish_order') {
    // The same conversation: only when each tool finishes differs.
    input.finish = member;
    description = `Like ${template.name}, but the tools finish ${member === 'mixed' ? 'with the first one last' : 'in the order they started'}.`;
  } else {
    const scenario = THROWN_SCENARIOS[member];
    if (!scenario) throw new Error(`no way to make a tool throw ${member}`);
    const text = call.response.content.find((b) => b.type === 'text');
    if (!text || text.type !== 'text')
      throw new Error(`call ${at} of ${template.name} says nothing`);
    // The reply reads the error back: the requests after it carry the new words.
    const grown = scenario.reaction.length - text.text.length;
    text.text = scenario.reaction;
    call.response.usage.output_tokens = estimateOutputTokens(call.response.content);
    for (const later of calls.slice(at)) later.response.usage.input_tokens += Math.round(grown / 3);
    input.failWith = member;
    description = `Like ${template.name}, but the tool ${scenario.phrase}.`;
  }
  return {
    name,
    description,
    input,
    calls,
    contextWindow:
      domain.set === 'stop_reason' &&
      STOP_SCENARIOS[member as keyof typeof STOP_SCENARIOS]?.contextWindow === true,
    at,
  };
}

let made = 0;
for (const { domain } of rules.rules) {
  if (!domain?.template) continue;
  for (const [member, name] of Object.entries(domain.cases)) {
    const dir = join(lessonDir, 'cases', name);
    if (name === domain.template || (existsSync(dir) && !again.includes(name))) continue;
    const template = load().cases.find((c) => c.name === domain.template);
    if (!template) throw new Error(`no template case ${domain.template}`);
    const made_ = memberCase(domain, member, template, name);
    mkdirSync(dir, { recursive: true });
    const caseJson = { visible: false, description: made_.description, input: made_.input };
    writeFileSync(join(dir, 'case.json'), `${JSON.stringify(caseJson, null, 2)}\n`);
    writeFileSync(
      join(dir, 'cassette.json'),
      `${JSON.stringify({ calls: made_.calls }, null, 2)}\n`,
    );
    writeFileSync(join(dir, 'expected.json'), 'null\n');
    const lesson = load();
    const testCase = lesson.cases.find((c) => c.name === name)!;
    const recorded = await recordCase(host, lesson, testCase, idFor(`${lessonId}/${name}`));
    if (!recorded.ok) {
      console.error(`${lessonId}/${name}: ${recorded.error}`);
      process.exitCode = 1;
      continue;
    }
    if (made_.contextWindow) fillContextWindow(join(dir, 'cassette.json'), made_.at);
    console.log(`${lessonId}/${name}: made from ${domain.template} (${member})`);
    made++;
  }
}
console.log(`${made} case${made === 1 ? '' : 's'} made`);
host.close();

/**
 * The recording stands for a conversation that filled the context window: every call's input
 * grows by the same long history left out of it, so that the call at `at` reaches the window.
 */
function fillContextWindow(path: string, at: number): void {
  const cassette = JSON.parse(readFileSync(path, 'utf8')) as Cassette;
  const full = cassette.calls[at - 1]!.response.usage;
  const history = CONTEXT_WINDOW - full.output_tokens - full.input_tokens;
  for (const { response } of cassette.calls) response.usage.input_tokens += history;
  writeFileSync(path, `${JSON.stringify(cassette, null, 2)}\n`);
}
