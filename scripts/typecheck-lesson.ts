import { join } from 'node:path';
import ts from 'typescript';
import { LEARNER_LIBS, type FileMap, type Lesson } from '../core/index.ts';
import { PACKAGE_ROOT } from '../cli/node-host.ts';

const ROOT = '/lesson/';
const HARNESS_API = join(PACKAGE_ROOT, 'core/sandbox/harness-api.ts');
/** Learner code is typed against the real SDK, as in the editor; runs get core/sandbox/sdk/anthropic.ts. */
const SDK = join(PACKAGE_ROOT, 'node_modules/@anthropic-ai/sdk/index.d.ts');
/** The SDK's helper for runnable tools (`betaTool`), typed as the package types it. */
const SDK_JSON_SCHEMA = join(
  PACKAGE_ROOT,
  'node_modules/@anthropic-ai/sdk/helpers/beta/json-schema.d.ts',
);

const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: LEARNER_LIBS,
  types: [],
  strict: true,
  noEmit: true,
  noUncheckedIndexedAccess: true,
  allowImportingTsExtensions: true,
  skipLibCheck: true,
  paths: {
    '@theinference/harness': [HARNESS_API],
    '@anthropic-ai/sdk': [SDK],
    '@anthropic-ai/sdk/helpers/beta/json-schema': [SDK_JSON_SCHEMA],
  },
};

/**
 * The files outside a lesson (TypeScript's libs, the SDK's types), parsed once per process:
 * parsing them took two thirds of each check's time (measured over the carry-forward tests).
 */
const shared = new Map<string, ts.SourceFile | undefined>();

/**
 * Type-checks a lesson's files as the learner and the runner see them: the given files
 * laid over the harness, in memory. Returns one line per diagnostic.
 */
export function typecheckLesson(lesson: Lesson, files: FileMap): string[] {
  const virtual = new Map<string, string>();
  for (const [path, text] of Object.entries({ ...files, 'program.ts': lesson.harness })) {
    virtual.set(ROOT + path, text);
  }
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => virtual.get(name) ?? readFile(name);
  host.fileExists = (name) => virtual.has(name) || ts.sys.fileExists(name);
  host.directoryExists = (dir) =>
    [...virtual.keys()].some((name) => name.startsWith(`${dir}/`)) || ts.sys.directoryExists(dir);
  host.realpath = (name) => name;
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) => {
    const text = virtual.get(name);
    if (text !== undefined) return ts.createSourceFile(name, text, version);
    if (!shared.has(name)) shared.set(name, getSourceFile(name, version));
    return shared.get(name);
  };
  const program = ts.createProgram([...virtual.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) return message;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${d.file.fileName.replace(ROOT, '')}:${line + 1}:${character + 1}: ${message}`;
  });
}
