/** What a tool is called with: the `input` of the model's `tool_use` block. */
export type ToolInput = Record<string, unknown>;

/** A required string field, or an error that names the tool and the field. */
export function stringField(tool: string, input: ToolInput, name: string): string {
  const value = input[name];
  if (typeof value !== 'string') throw new Error(`${tool} needs \`${name}\`, a string.`);
  return value;
}

/** An optional string field. */
export function optionalString(tool: string, input: ToolInput, name: string): string | undefined {
  return input[name] === undefined ? undefined : stringField(tool, input, name);
}

/** An optional whole number of 1 or more (a line number). */
export function optionalLine(tool: string, input: ToolInput, name: string): number | undefined {
  const value = input[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new Error(`${tool}: \`${name}\` must be a whole number, 1 or more.`);
  }
  return value;
}
