import { useEffect, useState } from 'react';
import { markdownHtml } from 'virtual:course';
import { markdownKey } from './markdown-text.ts';

interface Props {
  source: string;
  /** The smallest heading level the text may use (its `#` becomes this). */
  minDepth: number;
}

/**
 * Renders lesson markdown (sanitised) into a prose block. The course's own text was rendered
 * by the build (markdown-text.ts); any other text is rendered here, once the renderer loads.
 */
export function Markdown({ source, minDepth }: Props) {
  const key = markdownKey(source, minDepth);
  const ahead = markdownHtml[key];
  const [late, setLate] = useState<{ key: string; html: string }>();
  useEffect(() => {
    if (ahead !== undefined) return;
    let current = true;
    void import('./render-markdown.ts').then(({ renderMarkdown }) => {
      if (current) setLate({ key, html: renderMarkdown(source, minDepth) });
    });
    return () => {
      current = false;
    };
  }, [ahead, key, source, minDepth]);
  const html = ahead ?? (late?.key === key ? late.html : '');
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
