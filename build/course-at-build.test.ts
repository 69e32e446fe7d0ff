import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, readTree } from '../cli/node-host.ts';
import { loadCourse } from '../core/index.ts';
import { lessonMarkdown, markdownKey } from '../web/features/lessons/markdown-text.ts';
import { courseModule } from './course-at-build.ts';

const fixtures = readTree(FIXTURES_DIR);

describe('courseModule', () => {
  it('is the course the core loads, and it survives the trip through JSON into the page', () => {
    const { courseResult } = courseModule(fixtures);
    expect(courseResult).toEqual(loadCourse(fixtures));
    expect(JSON.parse(JSON.stringify(courseResult))).toStrictEqual(courseResult);
  });

  it('renders every text a lesson shows, at its depth', () => {
    const { courseResult, markdownHtml } = courseModule(fixtures);
    if (!courseResult.ok) throw new Error('the course does not load');
    for (const lesson of courseResult.course.lessons) {
      for (const [text, depth] of lessonMarkdown(lesson)) {
        expect(
          markdownHtml[markdownKey(text, depth)],
          `${lesson.id}: ${text.slice(0, 40)}`,
        ).toMatch(/<\w/);
      }
    }
    const prose = lessonMarkdown(courseResult.course.lessons[0]!)[0]!;
    // Headings start at the depth the pane asks for; code blocks are highlighted.
    expect(markdownHtml[markdownKey(...prose)]).not.toMatch(/<h1>/);
    expect(Object.values(markdownHtml).join('')).toMatch(/<code class="hljs">.*hljs-keyword/s);
  });

  it('sanitises lesson text: markup that could run script is dropped', () => {
    const files = {
      ...fixtures,
      'one-turn/prose.md':
        '# One turn\n\nHello <img src="x" onerror="alert(1)"> <script>alert(2)</script>' +
        ' [link](javascript:alert(3)) <b>bold</b>\n',
    };
    const { courseResult, markdownHtml } = courseModule(files);
    if (!courseResult.ok) throw new Error('the course does not load');
    const lesson = courseResult.course.lessons.find((l) => l.id === 'one-turn')!;
    const html = markdownHtml[markdownKey(...lessonMarkdown(lesson)[0]!)] ?? '';
    expect(html).toContain('<b>bold</b>');
    expect(html).toContain('<img src="x">');
    expect(html).not.toMatch(/onerror|<script|javascript:/);
  });

  it('exports a broken course as its problems, with nothing rendered', () => {
    const { courseResult, markdownHtml } = courseModule({ ...fixtures, 'course.json': '{' });
    expect(courseResult.ok).toBe(false);
    expect(markdownHtml).toEqual({});
  });
});
