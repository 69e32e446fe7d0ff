import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cassetteSchema, type Cassette } from './schema.ts';

/** A streamed call as the loader reads it: streaming-replies' recorded `checking-denver`. */
const recorded = JSON.parse(
  readFileSync(
    new URL(
      '../../fixtures/streaming-replies/cases/checking-denver/cassette.json',
      import.meta.url,
    ),
    'utf8',
  ),
) as Cassette;

type Call = Cassette['calls'][number];
type Events = NonNullable<Call['stream']>;

function problems(edit: (call: Call, events: Events) => void): string[] {
  const call = JSON.parse(JSON.stringify(recorded.calls[0])) as Call;
  edit(call, call.stream!);
  const parsed = cassetteSchema.safeParse({ calls: [call] });
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('a streamed call in a cassette', () => {
  it('is accepted when its events assemble to its response', () => {
    expect(problems(() => {})).toEqual([]);
  });

  it('names the event that comes out of order', () => {
    expect(problems((_, events) => events.splice(1, 1))).toEqual([
      'calls.0.stream.2: a delta for block 0, which is not open',
    ]);
  });

  it('names where the assembled message differs from the response', () => {
    expect(
      problems((call) => {
        call.response.usage.output_tokens += 1;
      }),
    ).toEqual([
      'calls.0.stream: the events assemble to a message that differs from `response` at usage.output_tokens: 57 in response, 56 from the events',
    ]);
  });

  it('refuses a tool input whose fragments are not JSON', () => {
    expect(
      problems((_, events) => {
        const fragment = events[10]!.event as { delta: { partial_json: string } };
        fragment.delta.partial_json = 'nver"';
      }),
    ).toEqual([
      'calls.0.stream.11: block 1\'s partial_json is not a JSON object: "{\\"city\\":\\"Denver\\""',
    ]);
  });

  it('says an error event cuts the stream off', () => {
    expect(
      problems((_, events) => {
        events.splice(5, events.length, {
          ms: 0,
          event: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
        });
      }),
    ).toEqual([
      "calls.0.stream.5: an error event (overloaded_error) cuts the stream off: a call's stream ends with message_stop (an attempt cut off goes under `interrupted`)",
    ]);
  });

  it('takes an attempt cut off by an error event as interrupted, and nothing after the error', () => {
    const overloaded = {
      ms: 0,
      event: { type: 'error' as const, error: { type: 'overloaded_error', message: 'Overloaded' } },
    };
    expect(
      problems((call, events) => {
        call.interrupted = [[...events.slice(0, 5), overloaded]];
      }),
    ).toEqual([]);
    expect(
      problems((call, events) => {
        call.interrupted = [[...events.slice(0, 5), overloaded, events.at(-1)!]];
      }),
    ).toEqual(['calls.0.interrupted.0.5: the error event ends the stream: nothing comes after it']);
    expect(
      problems((call, events) => {
        call.interrupted = [events.slice()];
      }),
    ).toEqual([
      'calls.0.interrupted.0.13: an interrupted stream ends with an error event, not message_stop',
    ]);
  });

  it('keeps the request and the events in step', () => {
    expect(problems((call) => delete call.request.stream)).toEqual([
      'calls.0.request.stream: a call with a `stream` records a request with `stream: true`',
    ]);
    expect(problems((call) => delete call.stream)).toEqual([
      'calls.0.stream: the request has `stream: true`, so the call records its events as `stream`',
    ]);
  });

  it('refuses an event the API does not send', () => {
    expect(
      problems((_, events) => ((events[2]!.event as { type: string }).type = 'pong')),
    ).toHaveLength(1);
  });
});

describe('a failed request at the end of a cassette', () => {
  const call = recorded.calls[0]!;
  const error = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
  const cut = [...call.stream!.slice(0, 4), { ms: 12, event: error }];
  const failed = (request: Record<string, unknown>, interrupted: unknown[][]) => {
    const parsed = cassetteSchema.safeParse({ calls: [call], failed: { request, interrupted } });
    return parsed.success
      ? []
      : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('is accepted when every attempt of the streamed request ends with its error event', () => {
    expect(failed(call.request, [cut, cut])).toEqual([]);
  });

  it('is a streamed request, and each attempt is cut off by an error', () => {
    const { stream: _stream, ...whole } = call.request;
    expect(failed(whole, [call.stream!])).toEqual([
      'failed.request.stream: a failed request is a streamed one, with `stream: true`: its attempts are streams',
      `failed.interrupted.0.${call.stream!.length - 1}: an interrupted stream ends with an error event, not message_stop`,
    ]);
  });
});
