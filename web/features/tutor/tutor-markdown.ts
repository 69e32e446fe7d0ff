import type { ReactNode } from 'react';
import type { Quoted } from '../../../core/index.ts';

/**
 * Renders tutor markdown (the app shell supplies it): lesson-authored text, the live tutor
 * model's replies, and what either quotes from the learner's run, put in as text.
 */
export type TutorMarkdown = (source: string, quoted?: Quoted) => ReactNode;
