import { useEffect, useState } from 'react';
import type { Quoted } from '../../../core/index.ts';
import { linkBaseOf, useCourseView } from './course-view.ts';
import { markdownKey } from './markdown-text.ts';

interface Props {
  source: string;
  /** The smallest heading level the text may use (its `#` becomes this). */
  minDepth: number;
  /** What the text quotes from a run, put in as text where it is marked (`quoteMark`). */
  quoted?: Quoted | undefined;
}

/** A text rendered in the page: its HTML, or why it could not be rendered. */
type Late = { key: string; quoted: Quoted | undefined } & ({ html: string } | { error: Error });

/**
 * Renders lesson markdown (sanitised) into a prose block. The course's own text was rendered
 * ahead (by the build, or by the page as it opened a pack: prepare-course.ts); any other text
 * is rendered here, once the renderer loads.
 * A text the renderer fails on is thrown in render, for the nearest error boundary to handle
 * (the tutor's chat sets its conversation aside).
 */
export function Markdown({ source, minDepth, quoted }: Props) {
  const key = markdownKey(source, minDepth);
  const { markdownHtml, packId } = useCourseView();
  const linkBase = linkBaseOf(packId);
  // A text that quotes a run is never the course's own: it is rendered here, with its quotes.
  const ahead = quoted ? undefined : markdownHtml[key];
  const [late, setLate] = useState<Late>();
  useEffect(() => {
    if (ahead !== undefined) return;
    let current = true;
    void import('./render-markdown.ts').then(({ renderMarkdown }) => {
      if (!current) return;
      try {
        setLate({ key, quoted, html: renderMarkdown(source, minDepth, quoted, linkBase) });
      } catch (error) {
        setLate({ key, quoted, error: error instanceof Error ? error : new Error(String(error)) });
      }
    });
    return () => {
      current = false;
    };
  }, [ahead, key, source, minDepth, quoted, linkBase]);
  const mine = late?.key === key && late.quoted === quoted ? late : undefined;
  if (mine && 'error' in mine) throw mine.error;
  const html = ahead ?? (mine ? mine.html : '');
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
