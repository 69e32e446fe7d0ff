import { useEffect, useMemo, useRef, useState } from 'react';
import {
  carriedFiles,
  carryForward,
  clashDefault,
  rebaseCarried,
  type CarryChoice,
  type CarryClash,
  type Course,
  type FileMap,
  type Lesson,
} from '../../../core/index.ts';
import { carryRecord, recordedCode } from '../../store/carry-slice.ts';
import { useAppStore } from '../../store/store.ts';
import { CarryChooser } from './CarryChooser.tsx';
import './carry-forward.css';

interface Props {
  course: Course;
  lesson: Lesson;
}

/** The lesson's editable files as the learner has them now (the draft over the starter). */
function editableFiles(lesson: Lesson, draft: FileMap | undefined): FileMap {
  const files: FileMap = {};
  for (const [path, text] of Object.entries(lesson.starter)) {
    if (!lesson.readOnly.includes(path)) files[path] = draft?.[path] ?? text;
  }
  return files;
}

const sameText = (a: string | undefined, b: string | undefined) =>
  a?.replace(/\r\n/g, '\n') === b?.replace(/\r\n/g, '\n');

function sameFiles(a: FileMap, b: FileMap): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => sameText(a[k], b[k]));
}

/** `a`, `a and b`, `a, b and c`; past four, the rest counted. */
function listed(names: readonly string[]): string {
  const shown = names.length > 4 ? [...names.slice(0, 4), `${names.length - 4} more`] : names;
  return shown.length < 2
    ? (shown[0] ?? '')
    : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1) as string}`;
}

const CHOSEN: Record<CarryChoice, string> = {
  mine: 'yours',
  course: 'this lesson’s',
  both: 'both',
};

/**
 * Carries the learner's own passing code into this lesson, per declaration: each file from the
 * last lesson before this one that had it (part one's `src/loop.ts` comes back in part two),
 * their functions and types as they wrote them, with this lesson's new ones. A lesson opened
 * for the first time starts from it; where the learner and the lesson both change a
 * declaration, the lesson opens on the two side by side (`CarryChooser`). What was carried is
 * saved apart from the draft, so it survives a reload and stays one click away.
 */
export function CarryForward({ course, lesson }: Props) {
  const passedCode = useAppStore((s) => s.passedCode);
  const record = useAppStore((s) => s.carried[lesson.id]);
  const draft = useAppStore((s) => s.drafts[lesson.id]);
  const started = useAppStore((s) => s.progress[lesson.id] !== undefined);
  const sharedOpen = useAppStore((s) => s.shared[lesson.id] !== undefined);
  const [chooserOpen, setChooserOpen] = useState(false);
  // The code it carries: what it carried once, or else the learner's passing code.
  const carried = useMemo(() => {
    const kept = record && carryForward(course.lessons, lesson, recordedCode(record));
    if (kept?.kind === 'carried') return kept;
    const fresh = carryForward(course.lessons, lesson, (l) => passedCode[l.id]);
    return fresh.kind === 'carried' ? fresh : undefined;
  }, [course.lessons, lesson, record, passedCode]);
  const choices = useMemo(() => record?.choices ?? {}, [record]);
  const ours = useMemo(
    () => (carried ? carriedFiles(lesson, carried, choices) : undefined),
    [carried, lesson, choices],
  );

  useEffect(() => {
    // A lesson the learner has not touched yet, after passing the ones it builds on: it starts
    // from their code. Once there is a draft, what happens to it is theirs to decide.
    if (!carried || !ours || record || draft || started || sharedOpen) return;
    const start = carryRecord(course.lessons, carried, {});
    useAppStore.getState().startCarried(lesson.id, start, ours.files);
  }, [course.lessons, carried, ours, record, draft, started, sharedOpen, lesson.id]);

  const unsettled = carried?.clashes.filter((c) => choices[c.id] === undefined) ?? [];
  // The lesson opens on the chooser while a clash is unsettled: once per visit.
  const offered = useRef(false);
  useEffect(() => {
    if (offered.current || !record || unsettled.length === 0) return;
    offered.current = true;
    setChooserOpen(true);
  }, [record, unsettled.length]);

  if (!carried || !ours || sharedOpen) return null;
  const now = editableFiles(lesson, draft);
  const courseVersion = editableFiles(lesson, undefined);
  const titleOf = (id: string) => `“${course.lessons.find((l) => l.id === id)?.title ?? id}”`;
  const title = listed([...new Set(carried.files.map((f) => f.from))].map(titleOf));
  const mine = carried.files.map((f) => ({ path: f.path, text: f.mine, from: titleOf(f.from) }));
  const store = useAppStore.getState();

  const choose = (picked: Record<string, CarryChoice>) => {
    setChooserOpen(false);
    const after = carriedFiles(lesson, carried, { ...choices, ...picked }).files;
    const onCourse = sameFiles(now, courseVersion) && !sameFiles(now, ours.files);
    const files = onCourse ? after : rebaseCarried(now, ours.files, after);
    if (record) store.chooseCarried(lesson.id, picked, files);
    else store.startCarried(lesson.id, carryRecord(course.lessons, carried, picked), files);
  };
  const startFromMine = () => {
    if (record) store.chooseCarried(lesson.id, {}, ours.files);
    else store.startCarried(lesson.id, carryRecord(course.lessons, carried, {}), ours.files);
  };
  const chooser = chooserOpen && (
    <CarryChooser
      from={title}
      titleOf={titleOf}
      clashes={carried.clashes}
      choices={choices}
      mine={mine}
      onChoose={choose}
      onClose={() => setChooserOpen(false)}
    />
  );
  const compare = (label: string) => (
    <button type="button" className="button small" onClick={() => setChooserOpen(true)}>
      {label}
    </button>
  );

  if (sameFiles(now, ours.files)) {
    return (
      <div className="carry-forward" role="region" aria-label="Where this lesson starts">
        <p>
          Started from your code from {title}
          {ours.kept.length > 0 && <>: your {listed(ours.kept)}</>}
          {ours.taken.length > 0 && <>, with this lesson&apos;s {listed(ours.taken)}</>}.
        </p>
        {carried.clashes.length > 0 && <ClashSummary clashes={carried.clashes} choices={choices} />}
        {compare(unsettled.length > 0 ? 'Compare and choose' : 'Compare with mine')}
        <button
          type="button"
          className="button small"
          onClick={() => store.startFrom(lesson.id, courseVersion)}
        >
          Use the course&apos;s version
        </button>
        {chooser}
      </div>
    );
  }
  if (sameFiles(now, courseVersion)) {
    return (
      <div className="carry-forward" role="region" aria-label="Where this lesson starts">
        <p>This is the course&apos;s version. Your passing code from {title} can carry on here.</p>
        <button type="button" className="button small" onClick={startFromMine}>
          Start from my code
        </button>
        {compare('Compare with mine')}
        {chooser}
      </div>
    );
  }
  if (!record) {
    // Begun before their code could carry here (before they passed the lesson it comes from,
    // or before the course brought the file back): the files it carries into, still the
    // course's, can take it, and the files they have worked on stay as they are.
    const into = carried.files.filter((f) => sameText(now[f.path], f.course));
    if (into.length < carried.files.length) return null;
    const bringIn = () => {
      const files = { ...now };
      for (const f of into) files[f.path] = ours.files[f.path] ?? f.course;
      store.startCarried(lesson.id, carryRecord(course.lessons, carried, {}), files);
    };
    return (
      <div className="carry-forward" role="region" aria-label="Where this lesson starts">
        <p>
          Your passing code from {title} can carry on here, in {listed(into.map((f) => f.path))};
          the rest stays as you have it.
        </p>
        <button type="button" className="button small" onClick={bringIn}>
          Bring my code in
        </button>
        {compare('Compare with mine')}
        {chooser}
      </div>
    );
  }
  // Edited since: their carried code stays one click away, and a clash can still be chosen anew.
  return (
    <div className="carry-forward compact" role="region" aria-label="Where this lesson starts">
      <p>Your code from {title} is kept.</p>
      {compare(unsettled.length > 0 ? 'Compare and choose' : 'Show it')}
      {chooser}
    </div>
  );
}

function ClashSummary({
  clashes,
  choices,
}: {
  clashes: CarryClash[];
  choices: Record<string, CarryChoice>;
}) {
  return (
    <ul className="carry-clashes">
      {clashes.map((clash) => {
        const chosen = choices[clash.id];
        const name = clash.name || clash.path;
        return (
          <li key={clash.id} className={chosen ? undefined : 'unsettled'}>
            <code>{name}</code>:{' '}
            {chosen
              ? `${CHOSEN[chosen]}, as you chose`
              : `you and this lesson both change it; ${CHOSEN[clashDefault(clash)]} until you choose`}
          </li>
        );
      })}
    </ul>
  );
}
