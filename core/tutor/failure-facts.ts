import type { CaseReport, Turn } from '../grade/report.ts';
import {
  PLACEHOLDER,
  type FailureFactName,
  type FailureFacts,
} from '../lesson/failure-fact-names.ts';
import { quoteMark } from '../lesson/quoted-text.ts';

/** Reading a failing case's facts (`FAILURE_FACTS`) from its report, for the tutor to quote. */

/**
 * A template with each placeholder marked where its fact goes (`quoteMark`), and the facts it
 * quotes; undefined when one of them is not known for this run (the caller then looks for
 * another explanation rather than show a hole). The facts come from the learner's run, so
 * they stay out of the markdown: the page puts them in as text.
 */
export function quoteFacts(
  template: string,
  facts: FailureFacts,
): { markdown: string; quoted: FailureFacts } | undefined {
  let missing = false;
  const quoted: FailureFacts = {};
  const markdown = template.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = facts[name as FailureFactName];
    if (value === undefined) missing = true;
    else quoted[name as FailureFactName] = value;
    return quoteMark(name);
  });
  return missing ? undefined : { markdown, quoted };
}

/** Reads the facts of a failing case from its report. */
export function failureFacts(report: CaseReport): FailureFacts {
  const facts: FailureFacts = {
    case: report.name,
    calls: String(report.turns.filter((t) => t.response).length),
  };
  const refused = report.turns.find((t) => t.rejection);
  const turn = refused ?? report.turns.at(-1);
  if (turn) Object.assign(facts, requestFacts(turn));
  const rejection = refused?.rejection;
  if (rejection) {
    facts.request = String(rejection.requestNumber);
    facts.recorded = String(rejection.recorded);
    if (rejection.kind === 'divergence') {
      facts.path = rejection.path;
      facts.expected = shortJson(rejection.expected);
      facts.actual = shortJson(rejection.actual);
      if (rejection.expected !== undefined) facts.block = shortJson(rejection.expected);
      else if (rejection.actual !== undefined) facts.block = shortJson(rejection.actual);
    } else if (rejection.kind === 'invalid-request') {
      const at = /^([\w.]+): /.exec(rejection.body.error.message)?.[1];
      if (at) {
        facts.path = at;
        const found = atApiPath(turn?.request.raw, at);
        if (found !== undefined) facts.block = shortJson(found);
      }
    }
  }
  const first = report.diff?.[0];
  if (!rejection && first) {
    facts.path = first.path === '' ? 'the output' : first.path;
    if ('expected' in first) facts.expected = shortJson(first.expected);
    facts.actual = shortJson(first.actual);
  }
  if (report.kind === 'runtime') {
    const where = /^([\s\S]*?) \(at ([^()]+):(\d+):\d+\)$/.exec(report.message);
    facts.error = firstLine(where?.[1] ?? report.message);
    const frame = report.frames?.find((f) => f.file !== 'program.ts');
    if (frame) facts.at = `${frame.file}:${frame.line}`;
    else if (where) facts.at = `${where[2]}:${where[3]}`;
  }
  return facts;
}

/** Facts about the messages of one request. */
function requestFacts(turn: Turn): FailureFacts {
  const raw = turn.request.raw as { messages?: unknown } | undefined;
  const messages = Array.isArray(raw?.messages) ? (raw.messages as unknown[]) : [];
  const facts: FailureFacts = {
    messages: String(messages.length),
    roles: messages.map((m) => String(record(m)?.role ?? '?')).join(' · '),
  };
  const newest = record(messages.at(-1));
  if (newest) {
    const content = newest.content;
    const blocks = Array.isArray(content) ? content.map(record) : [];
    facts.newest =
      typeof content === 'string'
        ? `${String(newest.role)} ${shortJson(content, 40)}`
        : `${String(newest.role)} [${blocks.map((b) => String(b?.type ?? '?')).join(', ')}]`;
    const result = blocks.find((b) => b?.type === 'tool_result');
    if (typeof result?.tool_use_id === 'string') facts.toolUseId = result.tool_use_id;
    if (blocks[0]) facts.block = shortJson(blocks[0]);
  }
  return facts;
}

/**
 * The value at an API error's dotted path (`messages.1.content.0`) in a request. A segment that
 * names a block's type (`messages.2.content.0.tool_result.content`) ends the walk at that block.
 */
function atApiPath(request: unknown, path: string): unknown {
  let value: unknown = request;
  for (const key of path.split('.')) {
    const here = record(value);
    if (here && !(key in here) && here.type === key) return here;
    if (Array.isArray(value) && /^\d+$/.test(key)) value = value[Number(key)];
    else value = here?.[key];
    if (value === undefined) return undefined;
  }
  return value;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** JSON, cut at `max` characters. */
function shortJson(value: unknown, max = 100): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
