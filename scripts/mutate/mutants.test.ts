import { describe, expect, it } from 'vitest';
import { applyMutant, mutantsOf } from './mutants.ts';

const source = `import type { Reply } from './types';

const TOOLS = [{ name: 'echo' }];

export async function run(next: () => Promise<Reply>, cap: number): Promise<string> {
  for (let turns = 1; ; turns++) {
    const reply: Reply = await next();
    if (reply.stop_reason !== 'tool_use') return reply.text;
    if (turns >= cap) return 'cap';
  }
}
`;

const changes = (inScope: (line: number) => boolean = () => true) =>
  mutantsOf(source, inScope).map((m) => `${m.line} ${m.mutator}: ${m.change}`);

describe('mutantsOf', () => {
  it('makes the slips of the code, and none of its types, imports or data tables', () => {
    const made = changes();
    expect(made).toContain('7 await: "await next()" -> "next()"');
    expect(made).toContain('9 comparison: ">=" -> ">"');
    expect(made).toContain('6 constant: "1" -> "0"');
    expect(made).toContain('8 member: "tool_use" -> also "max_tokens"');
    expect(made).toContain(`8 order: moved after "if (turns >= cap) return 'cap';"`);
    expect(made).toContain(`9 statement: "if (turns >= cap) return 'cap';" -> ";"`);
    expect(made.filter((m) => /^[1-4] /.test(m))).toEqual([]);
  });

  it('keeps to the lines in scope, and counts a check where the lesson changed what it guards', () => {
    expect(
      changes((line) => line === 9).every((m) => m.startsWith('9 ') || m.includes('order')),
    ).toBe(true);
    // The stop check is line 8; its order with the cap check (line 9) is the lesson's too.
    expect(changes((line) => line === 9)).toContain(
      `8 order: moved after "if (turns >= cap) return 'cap';"`,
    );
  });

  it('applies as one edit of the text', () => {
    const order = mutantsOf(source, () => true).find((m) => m.mutator === 'order')!;
    expect(
      applyMutant(source, order)
        .split('\n')
        .slice(7, 9)
        .map((l) => l.trim()),
    ).toEqual([
      "if (turns >= cap) return 'cap';",
      "if (reply.stop_reason !== 'tool_use') return reply.text;",
    ]);
  });
});
