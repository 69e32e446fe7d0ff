import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import json from 'highlight.js/lib/languages/json';
import typescript from 'highlight.js/lib/languages/typescript';
import { Marked } from 'marked';

hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('ts', typescript);
hljs.registerLanguage('json', json);
hljs.registerLanguage('bash', bash);
hljs.registerLanguage('sh', bash);

/**
 * A renderer whose headings start at `minDepth`, so lesson text slots under the pane's own
 * headings; code is highlighted, and each block is focusable so it can scroll by keyboard.
 */
function createMarked(minDepth: number): Marked {
  return new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }) {
        const level = Math.min(Math.max(depth, minDepth), 6);
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      code({ text, lang }) {
        const language = lang && hljs.getLanguage(lang) ? lang : undefined;
        const html = language
          ? hljs.highlight(text, { language, ignoreIllegals: true }).value
          : escapeHtml(text);
        const label = language ? ` data-lang="${language}"` : '';
        return `<pre class="code-block" tabindex="0"${label}><code class="hljs">${html}</code></pre>\n`;
      },
    },
  });
}

/**
 * Lesson markdown as safe HTML: rendered by marked, code highlighted by highlight.js, then
 * sanitised by `sanitize` (DOMPurify: the page's own, or over jsdom when the build prerenders
 * the course's text), because lesson text is data and must not be able to run script.
 */
export function createMarkdownRenderer(
  sanitize: (html: string) => string,
): (source: string, minDepth: number) => string {
  const renderers = new Map<number, Marked>();
  return (source, minDepth) => {
    let marked = renderers.get(minDepth);
    if (!marked) renderers.set(minDepth, (marked = createMarked(minDepth)));
    return sanitize(marked.parse(source, { async: false }));
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
