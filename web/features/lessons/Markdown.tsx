import { useMemo } from 'react';
import { renderMarkdown } from './markdown.ts';

interface Props {
  source: string;
  /** The smallest heading level the text may use (its `#` becomes this). */
  minDepth?: number;
}

/** Renders lesson markdown (sanitised) into a prose block. */
export function Markdown({ source, minDepth = 2 }: Props) {
  const html = useMemo(() => renderMarkdown(source, minDepth), [source, minDepth]);
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
