import { describe, expect, it } from 'vitest';
import type { LessonReport } from '../core/index.ts';
import { formatReport } from './print-report.ts';

const marked = {
  role: 'user',
  content: [{ type: 'text', text: 'Fix it.', cache_control: { type: 'ephemeral', ttl: '1h' } }],
};

const report: LessonReport = {
  lessonId: 'prompt-caching',
  status: 'pass',
  compileErrors: [],
  durationMs: 12,
  cases: [
    {
      name: 'one-hour',
      visible: true,
      description: 'Cached for an hour.',
      status: 'pass',
      kind: 'pass',
      message: 'Output matches.',
      console: [],
      consoleTruncated: false,
      durationMs: 12,
      turns: [
        {
          index: 1,
          request: { messageCount: 1, newestMessage: marked, raw: { messages: [marked] } },
          response: {
            id: 'msg_01',
            type: 'message',
            role: 'assistant',
            model: 'claude-sonnet-5-5',
            content: [{ type: 'text', text: 'Done.' }],
            stop_reason: 'end_turn',
            usage: {
              input_tokens: 4,
              output_tokens: 30,
              cache_creation_input_tokens: 147,
              cache_read_input_tokens: 994,
            },
          },
          durationMs: 3,
          tools: [],
        },
      ],
    },
  ],
} as unknown as LessonReport;

describe('formatReport', () => {
  it("prints a turn's cache breakpoints and the cache's counts before its reply", () => {
    const lines = formatReport(report, 'Prompt caching').split('\n');
    expect(lines.slice(2, 4)).toEqual([
      '    prompt cache: cache_control on messages[0].content[0] (1h) · 4 in · 994 cache read · 147 cache write · 30 out',
      '    → end_turn "Done."',
    ]);
  });
});
