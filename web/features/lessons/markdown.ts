import DOMPurify from 'dompurify';
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

const renderers = new Map<number, Marked>();
const cache = new Map<string, string>();

/**
 * Lesson markdown as safe HTML: rendered by marked, code highlighted by highlight.js,
 * then sanitised, because lesson text is data and must not be able to run script.
 */
export function renderMarkdown(source: string, minDepth = 2): string {
  const key = `${minDepth}\u0000${source}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let marked = renderers.get(minDepth);
  if (!marked) renderers.set(minDepth, (marked = createMarked(minDepth)));
  const html = DOMPurify.sanitize(marked.parse(source, { async: false }));
  cache.set(key, html);
  return html;
}

/** Drops a leading `# Heading` when the pane already shows that heading itself. */
export function withoutLeadingHeading(source: string, heading: string): string {
  const match = /^\s*#\s+(.+)\n/.exec(source);
  return match && match[1]?.trim().toLowerCase() === heading.trim().toLowerCase()
    ? source.slice(match[0].length)
    : source;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
