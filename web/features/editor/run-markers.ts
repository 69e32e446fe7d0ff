import type { LessonReport } from '../../../core/index.ts';
import { editorFiles, getModel } from './lesson-models.ts';
import type { Lesson } from '../../../core/index.ts';
import { monaco } from './monaco-setup.ts';

const OWNER = 'theinference-run';

/** A problem a run found at a place in the learner's files. */
export interface RunMarker {
  file: string;
  line: number;
  column: number;
  message: string;
}

/**
 * A run's problems, to show in the editor: each compile error, and the first frame of each
 * runtime error that lies in the learner's files. None for `report` undefined.
 */
export function runMarkersOf(report: LessonReport | undefined): RunMarker[] {
  const found: RunMarker[] = [];
  for (const error of report?.compileErrors ?? []) {
    found.push({ file: error.file, line: error.line, column: error.column, message: error.text });
  }
  const seen = new Set<string>();
  for (const c of report?.cases ?? []) {
    const frame =
      c.kind === 'runtime' ? c.frames?.find((f) => f.file.startsWith('src/')) : undefined;
    if (!frame) continue;
    const key = `${frame.file}:${frame.line}:${c.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ ...frame, message: `${c.message}\n(case "${c.name}")` });
  }
  return found;
}

/** Puts `found` into the lesson's editor models as markers, in place of the last run's. */
export function setRunMarkers(lesson: Lesson, found: RunMarker[]): void {
  for (const path of editorFiles(lesson)) {
    const model = getModel(lesson.id, path);
    if (!model) continue;
    const markers = found.filter((m) => m.file === path).map((m) => toMarker(model, m));
    monaco.editor.setModelMarkers(model, OWNER, markers);
  }
}

/** Takes the run's markers off one file; true when it had any. */
export function clearRunMarkers(lesson: Lesson, path: string): boolean {
  const model = getModel(lesson.id, path);
  if (!model || monaco.editor.getModelMarkers({ resource: model.uri, owner: OWNER }).length === 0) {
    return false;
  }
  monaco.editor.setModelMarkers(model, OWNER, []);
  return true;
}

function toMarker(model: monaco.editor.ITextModel, at: RunMarker): monaco.editor.IMarkerData {
  const line = Math.min(Math.max(at.line, 1), model.getLineCount());
  const column = Math.max(at.column, 1);
  const word = model.getWordAtPosition({ lineNumber: line, column });
  const endColumn = word ? word.endColumn : model.getLineMaxColumn(line);
  return {
    severity: monaco.MarkerSeverity.Error,
    message: at.message,
    source: 'run',
    startLineNumber: line,
    startColumn: word ? word.startColumn : column,
    endLineNumber: line,
    endColumn: Math.max(endColumn, column + 1),
  };
}
