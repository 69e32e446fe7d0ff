import type { Lesson } from '../lesson/types.ts';

/**
 * The lesson's own text in pieces the tutor can quote: each paragraph of `prose.md` and
 * `task.md`, and each item of their lists (after the sentence that introduces the list), with
 * the heading it sits under. A code block goes with the sentence that introduces it ("and the
 * harness prints:"); other code blocks and tables are left out, as out of their paragraph
 * they say little.
 */

/** A passage of the lesson's text. */
export interface Passage {
  /** Which text it is from: the lesson's prose (`lesson`) or its task (`task`). */
  source: 'lesson' | 'task';
  /** The heading it sits under, as written; before the first section, the text's own title. */
  heading: string;
  /**
   * Markdown as written: a paragraph, a list item after its list's introduction, or an
   * introduction with the code block it introduces.
   */
  text: string;
  /**
   * `<source>/<heading slug>/<n>`, n counting from 1 within the section: a saved button that
   * quotes it still finds it after edits to other sections.
   */
  id: string;
}

/** Every passage of a lesson's prose, then of its task, in reading order. */
export function lessonPassages(lesson: Pick<Lesson, 'title' | 'prose' | 'task'>): Passage[] {
  return [
    ...passagesOf(lesson.prose, 'lesson', lesson.title),
    ...passagesOf(lesson.task, 'task', 'Your task'),
  ];
}

const HEADING = /^#{1,6}\s+(.+?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;
/** A paragraph that ends with a colon (`**...:**` too) introduces what follows it. */
const INTRODUCES = /:[*_]*$/;
/** A list item's marker, after its indentation. */
const ITEM = /^( *)([-*+]|\d+[.)])\s+/;

function passagesOf(markdown: string, source: Passage['source'], title: string): Passage[] {
  const out: Passage[] = [];
  let heading = title;
  let counted = 0;
  let block: string[] = [];
  /** A paragraph that ends with a colon, held back: it introduces the list that may follow. */
  let intro: string | undefined;
  const push = (text: string) => {
    counted++;
    out.push({ source, heading, text, id: `${source}/${slug(heading)}/${counted}` });
  };
  const pushIntro = () => {
    if (intro !== undefined) push(intro);
    intro = undefined;
  };
  const flush = () => {
    if (block.length === 0) return;
    const lines = block;
    block = [];
    const first = ITEM.exec(lines[0] ?? '');
    if (!first) {
      pushIntro();
      const text = lines.join('\n').trim();
      if (INTRODUCES.test(text)) intro = text;
      else push(text);
      return;
    }
    // An item starts at the list's own indentation; deeper lines, nested lists among them,
    // belong to the item above.
    const indent = first[1]?.length ?? 0;
    const items: string[][] = [];
    for (const line of lines) {
      const item = ITEM.exec(line);
      if (items.length === 0 || (item && (item[1]?.length ?? 0) <= indent)) items.push([line]);
      else items.at(-1)?.push(line);
    }
    for (const item of items) {
      const text = item.join('\n').trim();
      push(intro === undefined ? text : `${intro}\n\n${text}`);
    }
    intro = undefined;
  };
  /** The lines of the code block being read, when one is open. */
  let code: string[] | undefined;
  for (const line of markdown.split('\n')) {
    if (code) {
      code.push(line);
      if (FENCE.test(line)) {
        if (intro !== undefined) push(`${intro}\n\n${code.join('\n')}`);
        intro = undefined;
        code = undefined;
      }
      continue;
    }
    if (FENCE.test(line)) {
      flush();
      code = [line];
      continue;
    }
    const title = HEADING.exec(line);
    if (title) {
      flush();
      pushIntro();
      heading = title[1] ?? heading;
      counted = 0;
    } else if (line.trim() === '' || line.trimStart().startsWith('|')) {
      flush();
    } else block.push(line);
  }
  flush();
  pushIntro();
  return out;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
