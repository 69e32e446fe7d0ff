import createDOMPurify from 'dompurify';
import type { Quoted } from '../../../core/index.ts';
import { createMarkdownRenderer, type MarkdownRender } from './markdown.ts';

const purify = createDOMPurify(window);
const renderers = new Map<string | undefined, MarkdownRender>();

/**
 * Markdown rendered in the page, for text the build did not render ahead (and for a course
 * pack's, whose in-app links lead within the pack: `linkBase`).
 */
export function renderMarkdown(
  source: string,
  minDepth: number,
  quoted?: Quoted,
  linkBase?: string,
): string {
  let render = renderers.get(linkBase);
  if (!render) renderers.set(linkBase, (render = createMarkdownRenderer(purify, { linkBase })));
  return render(source, minDepth, quoted);
}
