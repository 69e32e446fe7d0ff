import type { Lesson } from '../../../core/index.ts';
import { editorFiles, fileUri, getModel } from './lesson-models.ts';
import { monaco } from './monaco-setup.ts';

/**
 * Whether the lesson's editable files parse, by TypeScript's syntactic check alone (no types:
 * a run strips them, so a type error never stops one). Watch asks before it runs half-typed
 * code. Unknown (the language service not started yet) counts as parsing: Watch then runs,
 * as it did before, and the bundler reports what does not compile.
 */
export async function lessonParses(lesson: Lesson): Promise<boolean> {
  let getWorker: Awaited<ReturnType<typeof monaco.typescript.getTypeScriptWorker>>;
  try {
    getWorker = await monaco.typescript.getTypeScriptWorker();
  } catch {
    return true;
  }
  for (const path of editorFiles(lesson)) {
    if (lesson.readOnly.includes(path) || !getModel(lesson.id, path)) continue;
    const uri = fileUri(lesson.id, path);
    const worker = await getWorker(uri);
    const problems = await worker.getSyntacticDiagnostics(uri.toString());
    if (problems.length > 0) return false;
  }
  return true;
}
