import { describe, expect, it } from 'vitest';
import { callPreview, PREVIEW_LINES } from './call-preview.ts';

describe('callPreview', () => {
  it('shows an edit as the text it takes out, then the text it puts in', () => {
    expect(callPreview('edit_file', { path: 'src/a.ts', old_str: 'a\nb', new_str: 'c\n' })).toEqual(
      {
        path: 'src/a.ts',
        lines: [
          { op: '-', text: 'a' },
          { op: '-', text: 'b' },
          { op: '+', text: 'c' },
        ],
      },
    );
  });

  it('shows a write as its new text, cut with the count of lines left out', () => {
    const content = Array.from({ length: PREVIEW_LINES + 3 }, (_, i) => `line ${i + 1}`).join('\n');
    const { lines } = callPreview('write_file', { path: 'a.md', content });
    expect(lines).toHaveLength(PREVIEW_LINES + 1);
    expect(lines.at(-1)).toEqual({ op: '…', text: '3 more lines' });
  });

  it('shows only the path of another tool, or of an input not shaped as the tool takes it', () => {
    expect(callPreview('run_tests', {})).toEqual({ lines: [] });
    expect(callPreview('edit_file', { path: 'a.ts', old_str: 1 })).toEqual({
      path: 'a.ts',
      lines: [],
    });
  });
});
