/**
 * The agent's files: an in-memory tree that a case hands the harness, the file tools act on,
 * and the grader reads back when the run is over. It is never the learner's disk, in either
 * host: the tree lives in the sandbox with the case's code, and goes with it.
 */
export interface Workspace {
  /** The file's text, or `undefined` when there is no such file. */
  read(path: string): string | undefined;
  /** Creates the file, or replaces its text. */
  write(path: string, text: string): void;
  /** Every file's path, sorted. */
  paths(): string[];
  /** The whole tree, path to text, in path order: what a harness prints as the final files. */
  files(): Record<string, string>;
}

/** Bounds on one workspace, so that a runaway loop of writes ends with an error, not the tab. */
export const WORKSPACE_LIMITS = {
  /** Files in one workspace: the course's largest tree has 6. */
  files: 200,
  /** Characters in one file: a source file of ~2,000 lines. */
  fileChars: 100_000,
} as const;

/**
 * A path as the workspace keeps it: relative, `/`-separated, without `.` or `..` segments.
 * Anything else is refused with an error that says what a path here looks like, so the model
 * (which sees the error as a tool result) can correct itself.
 */
export function normalizePath(path: unknown): string {
  if (typeof path !== 'string' || path.trim() === '') {
    throw new Error('The path must be a non-empty string, such as "src/index.ts".');
  }
  const parts = path.replace(/^\.\//, '').split('/');
  if (path.startsWith('/') || path.includes('\\') || parts.some((p) => p === '..' || p === '')) {
    throw new Error(
      `Invalid path: ${path}. Paths are relative to the workspace, with "/" and without "..".`,
    );
  }
  return parts.filter((p) => p !== '.').join('/');
}

/** A workspace holding `files` (path to text); each path is normalised as `write` does. */
export function createWorkspace(files: Readonly<Record<string, string>> = {}): Workspace {
  const tree = new Map<string, string>();
  const workspace: Workspace = {
    read: (path) => tree.get(normalizePath(path)),
    write(path, text) {
      const key = normalizePath(path);
      if (typeof text !== 'string') throw new Error(`The text for ${key} must be a string.`);
      if (text.length > WORKSPACE_LIMITS.fileChars) {
        throw new Error(
          `${key} would be ${text.length} characters long: a file holds at most ${WORKSPACE_LIMITS.fileChars}.`,
        );
      }
      if (!tree.has(key) && tree.size >= WORKSPACE_LIMITS.files) {
        throw new Error(`The workspace is full: it holds at most ${WORKSPACE_LIMITS.files} files.`);
      }
      tree.set(key, text);
    },
    paths: () => [...tree.keys()].sort(),
    files() {
      const out: Record<string, string> = {};
      for (const path of workspace.paths()) out[path] = tree.get(path) as string;
      return out;
    },
  };
  for (const [path, text] of Object.entries(files)) workspace.write(path, text);
  return workspace;
}
