import { join } from 'node:path';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import type { Plugin } from 'vite';
import { readTree } from '../cli/node-host.ts';
import { createMarkdownRenderer } from '../web/features/lessons/markdown.ts';
import { prepareCourse, type PreparedCourse } from '../web/features/lessons/prepare-course.ts';

const ID = 'virtual:course';
const RESOLVED = `\0${ID}`;

/**
 * `virtual:course`: the course, loaded and checked from `fixtures/` when the app is built (by
 * the core's loader, as the CLI loads it) and sealed (`sealCourse`: hidden cases' expected
 * outputs only as digests), and its markdown (lesson and tutor text) rendered
 * to HTML by the page's own renderer, sanitised by DOMPurify over jsdom. The page starts from
 * the result instead of validating ten lessons and loading a markdown renderer, a highlighter
 * and a sanitiser (~100 ms of its main thread on a two-core machine). A course that does not
 * load is exported as its problems, which the page shows. In `npm start` too: editing a
 * fixture loads it again.
 */
export function courseAtBuild(fixturesDir: string): Plugin {
  return {
    name: 'theinference:course-at-build',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return;
      const files = readTree(fixturesDir);
      for (const path of Object.keys(files)) this.addWatchFile(join(fixturesDir, path));
      const { courseResult, markdownHtml } = courseModule(files);
      // JSON.parse of a string starts faster than the same object written as a literal.
      return [
        `export const courseResult = JSON.parse(${JSON.stringify(JSON.stringify(courseResult))});`,
        `export const markdownHtml = JSON.parse(${JSON.stringify(JSON.stringify(markdownHtml))});`,
      ].join('\n');
    },
  };
}

export function courseModule(files: Record<string, string>): PreparedCourse {
  const render = createMarkdownRenderer(createDOMPurify(new JSDOM('').window));
  return prepareCourse(files, () => render);
}
