import type { WorkspaceToolName } from './workspace-tools.ts';

/** A tool as a request's `tools` lists it. */
export interface FileToolDefinition {
  name: WorkspaceToolName;
  description: string;
  input_schema: {
    type: 'object';
    properties: Record<string, { type: string; description: string }>;
    required: string[];
  };
}

const path = { type: 'string', description: 'The file, relative to the workspace: "src/app.ts".' };

/** The course's file tools as the model sees them, in one fixed order (requests stay alike). */
export const FILE_TOOL_DEFINITIONS: Record<WorkspaceToolName, FileToolDefinition> = {
  read_file: {
    name: 'read_file',
    description:
      'Reads a text file of the workspace. Each line comes back as its number, a tab and its text. At most 40 lines at a time: a longer file is cut, with a note saying where to read on.',
    input_schema: {
      type: 'object',
      properties: {
        path,
        start_line: { type: 'integer', description: 'The first line to show, from 1.' },
        end_line: { type: 'integer', description: 'The last line to show, inclusive.' },
      },
      required: ['path'],
    },
  },
  list_files: {
    name: 'list_files',
    description: "Lists the workspace's files whose paths match a glob, one a line.",
    input_schema: {
      type: 'object',
      properties: {
        pattern: {
          type: 'string',
          description:
            'A glob: * within a folder, ** across folders ("src/**/*.ts"). Every file when left out.',
        },
      },
      required: [],
    },
  },
  grep: {
    name: 'grep',
    description: 'Searches the files for lines matching a regular expression, as path:line:text.',
    input_schema: {
      type: 'object',
      properties: {
        pattern: { type: 'string', description: 'A JavaScript regular expression.' },
        glob: { type: 'string', description: 'Only the files matching this glob.' },
      },
      required: ['pattern'],
    },
  },
  write_file: {
    name: 'write_file',
    description: 'Creates a file, or replaces all of its text.',
    input_schema: {
      type: 'object',
      properties: { path, content: { type: 'string', description: 'The whole new text.' } },
      required: ['path', 'content'],
    },
  },
  edit_file: {
    name: 'edit_file',
    description:
      'Replaces one exact piece of a file: old_str must occur exactly once, whitespace and all. Give enough context to make it unique.',
    input_schema: {
      type: 'object',
      properties: {
        path,
        old_str: { type: 'string', description: 'The text to replace, exactly as in the file.' },
        new_str: { type: 'string', description: 'The text to put in its place.' },
      },
      required: ['path', 'old_str', 'new_str'],
    },
  },
  run_tests: {
    name: 'run_tests',
    description:
      "Runs the workspace's tests (its *.test.json files) and reports each test, then the totals.",
    input_schema: {
      type: 'object',
      properties: {
        pattern: { type: 'string', description: 'Only the test files matching this glob.' },
      },
      required: [],
    },
  },
};

/** The definitions of `names`, in that order: what a lesson's requests send as `tools`. */
export function fileToolDefinitions(names: readonly WorkspaceToolName[]): FileToolDefinition[] {
  return names.map((name) => FILE_TOOL_DEFINITIONS[name]);
}
