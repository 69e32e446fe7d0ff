/**
 * A small course pack of someone else's, written here as data and nothing like the shipped
 * course: one lesson on a unit-conversion tool, whose learner writes the tool itself
 * (`convert`), while the harness runs the model's call of it. Its cases are recordings of the
 * Messages API as `claude-sonnet-5-5` answers: the model asks for `convert_units`, the harness
 * sends back what the learner's tool returned, the model answers. A wrong conversion sends a
 * tool_result the recording does not have, and the case fails there.
 */

export const PACK_ID = 'unit-tools';
export const PACK_TITLE = 'Tools that convert units';
/** The shipped course's first lesson has this id too, on purpose: the two must never mix. */
export const LESSON_ID = 'one-turn';
export const LESSON_TITLE = 'A unit-conversion tool';

const MODEL = 'claude-sonnet-5-5';
const TOOLS = [
  {
    name: 'convert_units',
    description: 'Converts a distance between kilometres (km) and miles (mi).',
    input_schema: {
      type: 'object',
      properties: {
        value: { type: 'number', description: 'The distance to convert.' },
        from: { type: 'string', enum: ['km', 'mi'] },
        to: { type: 'string', enum: ['km', 'mi'] },
      },
      required: ['value', 'from', 'to'],
    },
  },
];

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const HARNESS = `import { defineHarness } from '@theinference/harness';
import { convert } from './src/convert';

const TOOLS = ${JSON.stringify(TOOLS, null, 2)};

export default defineHarness<{ prompt: string }>(async (h) => {
  const messages: any[] = [{ role: 'user', content: h.input.prompt }];
  const ask = () => h.createMessage({ model: '${MODEL}', max_tokens: 1024, tools: TOOLS, messages });
  let reply = await ask();
  const results: string[] = [];
  while (reply.stop_reason === 'tool_use') {
    messages.push({ role: 'assistant', content: reply.content });
    const answers = [];
    for (const block of reply.content) {
      if (block.type !== 'tool_use') continue;
      const result = convert(block.input as any);
      results.push(result);
      answers.push({ type: 'tool_result', tool_use_id: block.id, content: result });
    }
    messages.push({ role: 'user', content: answers });
    reply = await ask();
  }
  const answer = reply.content.map((b: any) => (b.type === 'text' ? b.text : '')).join('');
  h.print({ results, answer });
});
`;

const TYPES = `/** What the model asks the tool to convert. */
export interface ConvertInput {
  value: number;
  from: 'km' | 'mi';
  to: 'km' | 'mi';
}
`;

export const STARTER = `import type { ConvertInput } from './types';

/** The convert_units tool: the distance in the other unit, to two decimals, with its unit. */
export function convert(input: ConvertInput): string {
  // TODO: 1 mile is 1.609344 km. Return e.g. "3.11 mi".
  throw new Error('TODO: convert the distance');
}
`;

export const REFERENCE = `import type { ConvertInput } from './types';

const KM_PER_MILE = 1.609344;

/** The convert_units tool: the distance in the other unit, to two decimals, with its unit. */
export function convert({ value, from, to }: ConvertInput): string {
  const km = from === 'km' ? value : value * KM_PER_MILE;
  const converted = to === 'km' ? km : km / KM_PER_MILE;
  return \`\${converted.toFixed(2)} \${to}\`;
}
`;

/** One case: the prompt, the model's tool call, what the tool must return, the answer. */
function unitCase(
  n: number,
  prompt: string,
  input: { value: number; from: string; to: string },
  result: string,
  answer: string,
) {
  const toolUseId = `toolu_01UnitPackCase${n}Convert0000`;
  const request = (messages: unknown[]) => ({
    model: MODEL,
    max_tokens: 1024,
    tools: TOOLS,
    messages,
  });
  const user = { role: 'user', content: prompt };
  const call = { type: 'tool_use', id: toolUseId, name: 'convert_units', input };
  const first = {
    id: `msg_01UnitPackCase${n}First000000`,
    type: 'message',
    role: 'assistant',
    model: MODEL,
    content: [{ type: 'text', text: 'Let me convert that.' }, call],
    stop_reason: 'tool_use',
    stop_sequence: null,
    stop_details: null,
    usage: { input_tokens: 512, output_tokens: 74 },
  };
  const second = {
    id: `msg_01UnitPackCase${n}Second00000`,
    type: 'message',
    role: 'assistant',
    model: MODEL,
    content: [{ type: 'text', text: answer }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    stop_details: null,
    usage: { input_tokens: 601, output_tokens: 18 },
  };
  const reply = {
    role: 'user',
    content: [{ type: 'tool_result', tool_use_id: toolUseId, content: result }],
  };
  return {
    cassette: {
      calls: [
        { request: request([user]), response: first },
        {
          request: request([user, { role: 'assistant', content: first.content }, reply]),
          response: second,
        },
      ],
    },
    expected: { results: [result], answer },
  };
}

const visible = unitCase(
  1,
  'How far is 5 km in miles?',
  { value: 5, from: 'km', to: 'mi' },
  '3.11 mi',
  '5 km is about 3.11 miles.',
);
const hidden = unitCase(
  2,
  'A marathon is 26.2 miles. How many kilometres is that?',
  { value: 26.2, from: 'mi', to: 'km' },
  '42.16 km',
  'A marathon of 26.2 miles is about 42.16 kilometres.',
);

/** The pack's files, keyed by their path in it, as its one-file JSON form holds them. */
export function unitPackFiles(): Record<string, string> {
  const l = LESSON_ID;
  return {
    'course.json': json({ id: PACK_ID, title: PACK_TITLE, lessons: [l] }),
    [`${l}/lesson.json`]: json({
      title: LESSON_TITLE,
      minutes: 5,
      summary: 'Write the tool the model calls: convert a distance between km and miles.',
      entry: 'src/convert.ts',
      readOnly: ['src/types.ts'],
    }),
    [`${l}/prose.md`]: `# ${LESSON_TITLE}\n\nA model cannot do arithmetic it can trust, so it asks a **tool**. Read [the task](#/${l}) and write the tool it calls: \`convert_units\`.\n\n<b>Markup in a pack's text</b> shows as text.\n`,
    [`${l}/task.md`]:
      '# Your task\n\nWrite `convert(input)`: the distance in the other unit, to two decimals, then a space and the unit (`3.11 mi`).\n',
    [`${l}/program.ts`]: HARNESS,
    [`${l}/starter/src/convert.ts`]: STARTER,
    [`${l}/starter/src/types.ts`]: TYPES,
    [`${l}/reference/src/convert.ts`]: REFERENCE,
    [`${l}/cases/km-to-miles/case.json`]: json({
      visible: true,
      description: 'Five kilometres, in miles.',
      input: { prompt: 'How far is 5 km in miles?' },
    }),
    [`${l}/cases/km-to-miles/cassette.json`]: json(visible.cassette),
    [`${l}/cases/km-to-miles/expected.json`]: json(visible.expected),
    [`${l}/cases/marathon/case.json`]: json({
      visible: false,
      description: 'A marathon, from miles to kilometres.',
      input: { prompt: 'A marathon is 26.2 miles. How many kilometres is that?' },
    }),
    [`${l}/cases/marathon/cassette.json`]: json(hidden.cassette),
    [`${l}/cases/marathon/expected.json`]: json(hidden.expected),
    [`${l}/rules.json`]: json({
      rules: [
        {
          rule: 'Write `convert(input)`: the distance in the other unit, to two decimals, then a space and the unit (`3.11 mi`).',
          cases: ['km-to-miles', 'marathon'],
          mistakes: [],
        },
      ],
      noRule: [],
    }),
  };
}
