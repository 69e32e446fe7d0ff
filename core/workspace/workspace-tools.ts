import { editFile, writeFile } from './edit-tools.ts';
import { grep, listFiles, readFile } from './read-tools.ts';
import { runTests } from './run-tests.ts';
import type { ToolInput } from './tool-input.ts';
import type { Workspace } from './workspace.ts';

/** The course's file tools by name, each acting on one workspace; a tool error throws. */
export type WorkspaceTools = Record<WorkspaceToolName, (input: ToolInput) => string>;

export type WorkspaceToolName =
  'read_file' | 'list_files' | 'grep' | 'write_file' | 'edit_file' | 'run_tests';

/** The tools over `ws`, ready for `h.tools(...)`: a thrown error is the call's error result. */
export function workspaceTools(ws: Workspace): WorkspaceTools {
  return {
    read_file: (input) => readFile(ws, input),
    list_files: (input) => listFiles(ws, input),
    grep: (input) => grep(ws, input),
    write_file: (input) => writeFile(ws, input),
    edit_file: (input) => editFile(ws, input),
    run_tests: (input) => runTests(ws, input),
  };
}
