import {
  applyExperimentEdit,
  type CaseReport,
  type FileMap,
  type Lesson,
  type LessonReport,
  type TutorExperiment,
} from '../../../core/index.ts';

/** Where an experiment can run: on the learner's own file, or only on the reference solution. */
export type ExperimentPlan =
  | { on: 'yours'; path: string; before: string; after: string }
  | { on: 'reference'; reason: string };

/**
 * The learner's file takes the experiment's edit when the text to change occurs in it exactly
 * once; otherwise the experiment can still run on the reference solution.
 */
export function planExperiment(
  experiment: TutorExperiment,
  text: string | undefined,
): ExperimentPlan {
  const path = experiment.edit.file;
  if (text === undefined) return { on: 'reference', reason: `there is no ${path} in this lesson` };
  const edited = applyExperimentEdit(text, experiment.edit);
  if (!edited.ok) return { on: 'reference', reason: edited.reason };
  return { on: 'yours', path, before: text, after: edited.text };
}

/** Why an experiment can't change the learner's file, in a sentence. */
export function whyNotYours(plan: ExperimentPlan, file: string): string {
  if (plan.on === 'yours') return '';
  if (plan.reason.includes('more than once')) {
    return `The code this changes occurs more than once in your ${file}, so it can't tell which to change.`;
  }
  if (plan.reason.includes('not in the file')) {
    return `Your ${file} doesn't have the code this changes, not in this form.`;
  }
  return `Your code can't take this change: ${plan.reason}.`;
}

/**
 * The files a run of the experiment on the reference solution grades: the lesson's editable
 * reference files, with the edit applied. Undefined if the edit does not apply (the lesson
 * check makes sure it does).
 */
export function referenceFilesFor(
  lesson: Lesson,
  experiment: TutorExperiment,
): FileMap | undefined {
  const files: FileMap = {};
  for (const [path, text] of Object.entries(lesson.reference)) {
    if (!lesson.readOnly.includes(path) && path in lesson.starter) files[path] = text;
  }
  const edited = applyExperimentEdit(files[experiment.edit.file] ?? '', experiment.edit);
  if (!edited.ok) return undefined;
  return { ...files, [experiment.edit.file]: edited.text };
}

/** What a finished run showed, against what the experiment's author says happens. */
export interface Observation {
  /** The case the experiment is about, as the run reported it (undefined if it did not run). */
  report: CaseReport | undefined;
  /** True when that case ended as the author says: the same verdict kind and message. */
  asExpected: boolean;
}

export function observe(experiment: TutorExperiment, report: LessonReport): Observation {
  const { case: name, kind, says } = experiment.outcome;
  const found = report.cases.find((c) => c.name === name);
  return { report: found, asExpected: found?.kind === kind && found.message.includes(says) };
}

/** The label of a prediction, by id. */
export function predictionLabel(experiment: TutorExperiment, id: string | undefined): string {
  return experiment.predictions.find((p) => p.id === id)?.label ?? '';
}

/** One line of an edit as shown to the learner. */
export interface EditLine {
  sign: '-' | '+';
  text: string;
}

/**
 * An experiment's edit as removed and added lines: lines the find and the replacement share
 * at either end are left out, and the rest is dedented together.
 */
export function editLines(edit: TutorExperiment['edit']): EditLine[] {
  const split = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
  const removed = split(edit.find);
  const added = split(edit.replace);
  while (removed.length + added.length > 2 && removed[0] === added[0]) {
    removed.shift();
    added.shift();
  }
  while (removed.length + added.length > 2 && removed.at(-1) === added.at(-1)) {
    removed.pop();
    added.pop();
  }
  const indent = Math.min(
    ...[...removed, ...added]
      .filter((l) => l.trim() !== '')
      .map((l) => l.length - l.trimStart().length),
  );
  const cut = (line: string) => line.slice(Number.isFinite(indent) ? indent : 0);
  return [
    ...removed.map((l) => ({ sign: '-' as const, text: cut(l) })),
    ...added.map((l) => ({ sign: '+' as const, text: cut(l) })),
  ];
}
