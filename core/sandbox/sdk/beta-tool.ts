/**
 * `import { betaTool } from '@anthropic-ai/sdk/helpers/beta/json-schema'` in a run: the SDK's
 * helper (node_modules/@anthropic-ai/sdk/src/helpers/beta/json-schema.ts, 1.14) that makes a
 * runnable tool for `client.beta.messages.toolRunner` from a JSON schema and a `run` function.
 * Its definition in a request is `{ type: 'custom', name, input_schema, description }` and the
 * other fields given; `parse` hands the input to `run` as it came.
 */
export function betaTool(options: {
  name: string;
  inputSchema: { type: string } & Record<string, unknown>;
  description: string;
  run: (args: never, context?: unknown) => unknown;
}): Record<string, unknown> {
  const { name, inputSchema, description, run, ...extraProps } = options;
  if (inputSchema.type !== 'object') {
    throw new Error(
      `JSON schema for tool "${name}" must be an object, but got ${inputSchema.type}`,
    );
  }
  return {
    ...extraProps,
    type: 'custom',
    name,
    input_schema: inputSchema,
    description,
    run,
    parse: (content: unknown) => content,
  };
}
