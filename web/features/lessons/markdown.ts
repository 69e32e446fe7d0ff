import type { Config, DOMPurify } from 'dompurify';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import json from 'highlight.js/lib/languages/json';
import typescript from 'highlight.js/lib/languages/typescript';
import { Marked } from 'marked';
import { QUOTE_MARK, hasQuoteMark, type Quoted } from '../../../core/index.ts';

hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('ts', typescript);
hljs.registerLanguage('json', json);
hljs.registerLanguage('bash', bash);
hljs.registerLanguage('sh', bash);

/**
 * A renderer whose headings start at `minDepth`, so lesson text slots under the pane's own
 * headings; code is highlighted, and each block is focusable so it can scroll by keyboard.
 * Markdown here is data (a lesson's, the live tutor model's), so what it may make is only
 * what prose needs: HTML written in it is shown as text, a link leads only within the app
 * (one elsewhere is its words and its address, as text: the learner decides to go), an
 * image is its description, a task list's box is `[x]`.
 */
function createMarked(minDepth: number, linkBase: string | undefined): Marked {
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
      html: ({ text }) => escapeHtml(text),
      link({ href, tokens }) {
        const words = this.parser.parseInline(tokens);
        if (IN_APP.test(href)) {
          // A pack's `#/lesson-id` is its own lesson, not the shipped course's.
          if (linkBase === undefined || href.startsWith('#/@')) return false;
          return `<a href="${escapeHtml(`${linkBase}${href.slice(2)}`)}">${words}</a>`;
        }
        const said = this.parser.parseInline(tokens, this.parser.textRenderer);
        return said === href ? words : `${words} (${escapeHtml(href)})`;
      },
      image: ({ text }) => escapeHtml(text),
      checkbox: ({ checked }) => (checked ? '[x] ' : '[ ] '),
    },
  });
}

/** Renders markdown as safe HTML, headings from `minDepth`, with what it quotes as text. */
export type MarkdownRender = (source: string, minDepth: number, quoted?: Quoted) => string;

export interface MarkdownOptions {
  /**
   * Where a link within the app leads, for a course pack's text: `#/hello` becomes
   * `<linkBase>hello` (`#/@tiny-pack/hello`). Absent for the shipped course's.
   */
  linkBase?: string;
}

/** Links within the app: its routes (`#/the-while-loop`). */
const IN_APP = /^#\//;

/**
 * What the renderer above makes, and nothing else: every tag and attribute of its output.
 * No `style`, no forms or images, no event handlers, no `data-` or `aria-` attribute but the
 * code block's language, and `href` only within the app.
 */
const ALLOWED: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'span',
    'ul',
    'ol',
    'li',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
  ],
  ALLOWED_ATTR: ['href', 'class', 'tabindex', 'data-lang', 'start', 'align'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: IN_APP,
  // Not addresses: without this, DOMPurify holds their values to the pattern above too.
  ADD_URI_SAFE_ATTR: ['tabindex', 'data-lang', 'start', 'align'],
  RETURN_DOM_FRAGMENT: true,
};

/** The classes of the renderer's code blocks and highlight.js's spans (`hljs-title function_`). */
const CODE_CLASS = /^(?:hljs(?:-\w+)*|\w+_+|code-block)$/;

/**
 * Markdown as safe HTML: rendered by marked, code highlighted by highlight.js, sanitised by
 * `purify` (DOMPurify: the page's own, or over jsdom when the build prerenders the course's
 * text) against the allow-list above, because lesson and tutor text is data and must not be
 * able to run script, restyle the page or send the learner anywhere. What the text quotes
 * from a run (`quoted`, marked in it by `quoteMark`) goes in last, as text.
 */
export function createMarkdownRenderer(
  purify: DOMPurify,
  { linkBase }: MarkdownOptions = {},
): MarkdownRender {
  const renderers = new Map<number, Marked>();
  return (source, minDepth, quoted) => {
    let marked = renderers.get(minDepth);
    if (!marked) renderers.set(minDepth, (marked = createMarked(minDepth, linkBase)));
    const fragment = purify.sanitize(marked.parse(source, { async: false }), ALLOWED);
    const document = fragment.ownerDocument;
    quoteInto(fragment, quoted);
    const holder = document.createElement('div');
    holder.append(fragment);
    return holder.innerHTML;
  };
}

/**
 * Puts each quoted value where its mark is, as a text node's text; a mark in an attribute
 * takes the attribute with it (a value that is text has no business in a link). Classes keep
 * only the code blocks' own.
 */
function quoteInto(fragment: DocumentFragment, quoted: Quoted | undefined): void {
  const walker = fragment.ownerDocument.createTreeWalker(fragment, SHOW_ELEMENT | SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === TEXT_NODE) {
      const text = node as Text;
      if (hasQuoteMark(text.data)) {
        text.data = text.data.replace(QUOTE_MARK, (_mark, name: string) => quoted?.[name] ?? '');
      }
      continue;
    }
    const element = node as Element;
    for (const { name, value } of [...element.attributes]) {
      if (hasQuoteMark(value)) element.removeAttribute(name);
    }
    if (element.hasAttribute('class')) {
      const kept = [...element.classList].filter((c) => CODE_CLASS.test(c));
      if (kept.length > 0) element.setAttribute('class', kept.join(' '));
      else element.removeAttribute('class');
    }
  }
}

/** `NodeFilter` and `Node` constants, which the build's jsdom has on its window, not here. */
const SHOW_ELEMENT = 0x1;
const SHOW_TEXT = 0x4;
const TEXT_NODE = 3;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
