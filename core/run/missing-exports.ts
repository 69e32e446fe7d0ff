import { learnerPath, type CompileError } from './bundle.ts';

/** A learner file that lacks exports the harness imports. */
export interface MissingExports {
  path: string;
  names: string[];
}

/** esbuild's words for an import the imported file does not export. */
const NO_EXPORT = /^No matching export in "([^"]+)" for import "([^"]+)"$/;

/**
 * The harness's imports that a bundle found missing from the learner's files, by file, from
 * its compile errors (the bundler judges, whatever the file holds).
 */
export function missingExports(errors: readonly CompileError[]): MissingExports[] {
  const out: MissingExports[] = [];
  for (const error of errors) {
    const match = NO_EXPORT.exec(error.text);
    if (!match || error.file !== 'program.ts') continue;
    const path = learnerPath(match[1] as string);
    const entry = out.find((m) => m.path === path) ?? out[out.push({ path, names: [] }) - 1];
    if (entry && !entry.names.includes(match[2] as string)) entry.names.push(match[2] as string);
  }
  return out;
}
