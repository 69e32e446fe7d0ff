import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, readTree } from '../cli/node-host.ts';
import { loadCourse, sealCourse } from '../core/index.ts';
import { lessonMarkdown, markdownKey } from '../web/features/lessons/markdown-text.ts';
import { createMarkdownRenderer } from '../web/features/lessons/markdown.ts';
import { courseModule } from './course-at-build.ts';

const fixtures = readTree(FIXTURES_DIR);

describe('courseModule', () => {
  it('is the course the core loads, sealed, and it survives the trip through JSON into the page', () => {
    const { courseResult } = courseModule(fixtures);
    const loaded = loadCourse(fixtures);
    if (!loaded.ok) throw new Error('the course does not load');
    expect(courseResult).toEqual({ ok: true, course: sealCourse(loaded.course) });
    expect(JSON.parse(JSON.stringify(courseResult))).toStrictEqual(courseResult);
  });

  it("holds no hidden case's expected output, and every visible one's", () => {
    const { courseResult } = courseModule(fixtures);
    const loaded = loadCourse(fixtures);
    if (!courseResult.ok || !loaded.ok) throw new Error('the course does not load');
    const text = JSON.stringify(courseResult);
    const cases = loaded.course.lessons.flatMap((lesson) => lesson.cases);
    const hidden = cases.filter((c) => !c.visible);
    expect(hidden.length).toBeGreaterThan(9);
    // Everything the page may show: the course without its hidden expected outputs.
    const shown = JSON.stringify(
      loaded.course.lessons.map((lesson) => ({
        ...lesson,
        cases: lesson.cases.map((c) => (c.visible ? c : { ...c, expected: undefined })),
      })),
    );
    let checked = 0;
    for (const testCase of hidden) {
      for (const value of stringLeaves(testCase.expected)) {
        const quoted = JSON.stringify(value);
        if (shown.includes(quoted.slice(1, -1))) continue;
        checked++;
        expect(text).not.toContain(quoted.slice(1, -1));
      }
    }
    expect(checked).toBeGreaterThan(0);
    for (const testCase of cases.filter((c) => c.visible)) {
      expect(text).toContain(JSON.stringify(testCase.expected));
    }
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

  it('renders lesson text as data: HTML in it is shown as text, a link elsewhere is its address', () => {
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
    expect(html.split('\n')[0]).toBe(
      '<p>Hello &lt;img src="x" onerror="alert(1)"&gt; &lt;script&gt;alert(2)&lt;/script&gt;' +
        ' link (javascript:alert(3)) &lt;b&gt;bold&lt;/b&gt;</p>',
    );
  });

  it("loses nothing of the course's own text to the tutor's allow-list, highlighting included", () => {
    const purify = createDOMPurify(new JSDOM('').window);
    const render = createMarkdownRenderer(purify);
    const loaded = loadCourse(fixtures);
    if (!loaded.ok) throw new Error('the course does not load');
    let highlighted = 0;
    for (const lesson of loaded.course.lessons) {
      for (const [text, depth] of lessonMarkdown(lesson)) {
        const html = render(text, depth);
        // DOMPurify lists the <body> it parses the HTML into: not part of the text.
        const removed = purify.removed
          .map((r) => ('attribute' in r ? `${r.attribute?.name}` : `<${r.element.nodeName}>`))
          .filter((name) => name !== '<BODY>');
        expect(removed, `${lesson.id}: ${text.slice(0, 40)}`).toEqual([]);
        if (html.includes('<span class="hljs-keyword">')) highlighted++;
      }
    }
    expect(highlighted).toBeGreaterThan(10);
    expect(render('```ts\nconst a = 1;\n```', 2)).toBe(
      '<pre class="code-block" tabindex="0" data-lang="ts"><code class="hljs"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;</code></pre>\n',
    );
  });

  it('exports a broken course as its problems, with nothing rendered', () => {
    const { courseResult, markdownHtml } = courseModule({ ...fixtures, 'course.json': '{' });
    expect(courseResult.ok).toBe(false);
    expect(markdownHtml).toEqual({});
  });
});

function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringLeaves);
  if (typeof value === 'object' && value !== null)
    return Object.values(value).flatMap(stringLeaves);
  return [];
}
