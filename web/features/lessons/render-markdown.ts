import createDOMPurify from 'dompurify';
import { createMarkdownRenderer } from './markdown.ts';

/** Markdown rendered in the page, for text the build did not render ahead. */
export const renderMarkdown = createMarkdownRenderer(createDOMPurify(window));
