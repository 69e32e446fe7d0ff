import { DiffEditor } from '@monaco-editor/react';
import { useState } from 'react';
import type { Lesson } from '../../../core/index.ts';
import { editorFiles, getModel } from './lesson-models.ts';
import { monacoTheme } from './monaco-setup.ts';

interface Props {
  lesson: Lesson;
  dark: boolean;
}

/**
 * The reference solution beside the learner's code, as a read-only diff. The learner's text is
 * copied when the view opens; their own models are never touched.
 */
export function SolutionView({ lesson, dark }: Props) {
  const changed = editorFiles(lesson).filter((p) => lesson.reference[p] !== lesson.starter[p]);
  const [file, setFile] = useState(changed[0] ?? lesson.entry);
  const [yours] = useState(() =>
    Object.fromEntries(changed.map((p) => [p, getModel(lesson.id, p)?.getValue() ?? ''])),
  );
  const base = `file:///${lesson.id}/${file.replace(/\.ts$/, '')}`;
  return (
    <div className="solution-view">
      <div className="solution-header">
        <span className="solution-label">
          Your code <span className="solution-legend">(lines only you have: red)</span>
        </span>
        {changed.length > 1 && (
          <label className="solution-file">
            File{' '}
            <select value={file} onChange={(e) => setFile(e.target.value)}>
              {changed.map((p) => (
                <option key={p}>{p}</option>
              ))}
            </select>
          </label>
        )}
        <span className="solution-label">
          Reference solution <span className="solution-legend">(lines only it has: green)</span>
        </span>
      </div>
      <DiffEditor
        original={yours[file] ?? ''}
        modified={lesson.reference[file] ?? ''}
        originalModelPath={`${base}.yours.ts`}
        modifiedModelPath={`${base}.solution.ts`}
        language="typescript"
        theme={monacoTheme(dark)}
        loading={<p className="editor-loading">Loading the solution…</p>}
        options={{
          readOnly: true,
          originalEditable: false,
          renderSideBySide: true,
          // Side by side where there is room; one column with both colours where there is not.
          renderSideBySideInlineBreakpoint: 700,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          automaticLayout: true,
          fontSize: 13,
          ariaLabel: 'Reference solution',
          originalAriaLabel: 'Your code',
        }}
      />
    </div>
  );
}
