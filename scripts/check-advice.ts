import { createThreadStore } from '../core/cassette/message-thread.ts';
import type { CaseReport, Lesson } from '../core/index.ts';
import { isJsonObject, jsonEqual } from '../core/json/json-diff.ts';
import { hints } from '../core/cassette/divergence-hint.ts';
import type { RulesFile } from './lesson-rules.ts';

/**
 * The grader's explanations give advice ("call again with a larger max_tokens", "stop when
 * stop_reason is not tool_use"), and advice is a claim about what a loop does: each must hold in
 * every lesson whose failures it explains. A lesson's recordings are its rules at work, so a
 * claim is checked against them: the rule a contradicting recording belongs to is named.
 */

/** What a lesson's recordings show a loop doing. */
interface LessonFacts {
  /** Cases whose recording calls again after a reply that ended the model's turn. */
  goesOnAfterFinish: { case: string; stopReason: string }[];
  /** Cases whose recording retries a call with the same messages and more room. */
  retries: string[];
  /** Cases whose recording answers a tool that ran and failed with an error result. */
  thrownErrors: string[];
  /** Cases whose recording answers a tool the request does not offer with no error result. */
  unknownNotErrors: string[];
}

/** A piece of advice, how to find it in a message, and what would contradict it. */
interface Claim {
  advice: string;
  /** Whether a message gives it. */
  in(message: string): boolean;
  /** The cases whose recordings contradict it, and how, when they do. */
  contradicted(facts: LessonFacts): { cases: string[]; because: string } | undefined;
}

const CLAIMS: Claim[] = [
  {
    advice: 'stop when stop_reason is not "tool_use"',
    in: (m) => /stop when stop_reason is not "?tool_use"?/i.test(m),
    contradicted: ({ goesOnAfterFinish: on }) =>
      on.length === 0
        ? undefined
        : {
            cases: on.map((o) => o.case),
            because: `the recording goes on after a reply with stop_reason ${on[0]!.stopReason}`,
          },
  },
  {
    advice: 'a refusal ends the loop',
    in: (m) => /a refusal ends the loop/i.test(m),
    contradicted: ({ goesOnAfterFinish }) => {
      const on = goesOnAfterFinish.filter((o) => o.stopReason === 'refusal');
      return on.length === 0
        ? undefined
        : { cases: on.map((o) => o.case), because: 'the recording goes on after a refusal' };
    },
  },
  {
    advice: 'call again with a larger max_tokens',
    in: (m) => m.includes('and a larger max_tokens'),
    contradicted: ({ retries }) =>
      retries.length > 0 ? undefined : { cases: [], because: 'no recording of it retries a call' },
  },
  {
    advice: "a failed tool's result is the error's message",
    in: (m) => m.includes(hints.errorOutput),
    contradicted: ({ thrownErrors }) =>
      thrownErrors.length > 0
        ? undefined
        : { cases: [], because: 'no tool of it fails: its error results answer unknown tools' },
  },
  {
    advice: 'a tool the loop does not have gets an error result',
    in: (m) => m.includes('content that says the tool is unknown'),
    contradicted: ({ unknownNotErrors }) =>
      unknownNotErrors.length === 0
        ? undefined
        : { cases: unknownNotErrors, because: 'the recording answers an unknown tool otherwise' },
  },
];

/** What the lesson's recordings show. */
export function lessonFacts(lesson: Lesson): LessonFacts {
  const facts: LessonFacts = {
    goesOnAfterFinish: [],
    retries: [],
    thrownErrors: [],
    unknownNotErrors: [],
  };
  for (const { name, cassette } of lesson.cases) {
    // A threaded request is read as the conversation the API rebuilds for it.
    const threads = createThreadStore();
    const calls = cassette.calls.map(({ request: raw, response }) => {
      const expanded = threads.expand(raw);
      const request = expanded.ok ? expanded.request : raw;
      threads.record(raw, request, response);
      return { request, response };
    });
    for (const [i, { request, response }] of calls.entries()) {
      const next = calls[i + 1]?.request;
      const stop = response.stop_reason;
      if (next && stop !== 'tool_use' && stop !== 'pause_turn') {
        facts.goesOnAfterFinish.push({ case: name, stopReason: stop });
      }
      if (next && jsonEqual(next.messages, request.messages)) facts.retries.push(name);
      const offered = new Set(
        (Array.isArray(request.tools) ? request.tools : []).map((t) =>
          isJsonObject(t) ? t.name : undefined,
        ),
      );
      const messages = Array.isArray(request.messages) ? request.messages.filter(isJsonObject) : [];
      for (const [m, message] of messages.entries()) {
        const uses = blocks(messages[m - 1]).filter((b) => b.type === 'tool_use');
        for (const result of blocks(message).filter((b) => b.type === 'tool_result')) {
          const use = uses.find((u) => u.id === result.tool_use_id);
          if (!use) continue;
          const known = offered.has(use.name);
          if (known && result.is_error === true) facts.thrownErrors.push(name);
          if (!known && result.is_error !== true) facts.unknownNotErrors.push(name);
        }
      }
    }
  }
  return facts;
}

function blocks(message: unknown): Record<string, unknown>[] {
  const content = isJsonObject(message) ? message.content : undefined;
  return Array.isArray(content) ? content.filter(isJsonObject) : [];
}

/**
 * The advice in these reports that the lesson's recordings contradict, one problem a line,
 * each naming the rule (of `rules`) whose case contradicts it.
 */
export function contradictedAdvice(
  lesson: Lesson,
  rules: RulesFile | undefined,
  reports: readonly { source: string; report: CaseReport }[],
): string[] {
  const facts = lessonFacts(lesson);
  const problems = new Set<string>();
  for (const { source, report } of reports) {
    for (const claim of CLAIMS) {
      if (!claim.in(report.message)) continue;
      const against = claim.contradicted(facts);
      if (!against) continue;
      const rule = rules?.rules.find((r) => r.cases.some((c) => against.cases.includes(c)));
      const quote = rule && (rule.rule.length > 90 ? `${rule.rule.slice(0, 87)}...` : rule.rule);
      const named = quote ? `rule ${JSON.stringify(quote)}` : 'the lesson';
      const where = against.cases[0] ? ` (${against.cases[0]})` : '';
      problems.add(
        `${source} on ${report.name} advises "${claim.advice}", which contradicts ${named}: ${against.because}${where}`,
      );
    }
  }
  return [...problems];
}
