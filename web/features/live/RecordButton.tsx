import { useState } from 'react';
import { recordCase, recordCassette, type Lesson, type Recorded } from '../../../core/index.ts';
import type { FileMap } from '../../../core/index.ts';
import { caseName } from './live-input.ts';
import type { LiveReport } from '../../store/live-slice.ts';

/**
 * Saves a live run as a lesson case: a zip of one folder (`case.json`, `cassette.json`,
 * `expected.json`, in the course's own format: core's cassette recording, as the CLI's
 * `--record` writes it) that goes into `fixtures/<lesson>/cases/` as it is.
 */
export function RecordButton({ report, lesson }: { report: LiveReport; lesson: Lesson }) {
  const [said, setSaid] = useState('');
  const recorded = recordingOf(report);
  const name = caseName(report.question);
  const save = async () => {
    if (!recorded.ok) return;
    const { strToU8, zipSync } = await import('fflate');
    const entries = Object.fromEntries(
      Object.entries(recorded.value).map(([file, text]) => [`${name}/${file}`, strToU8(text)]),
    );
    const blob = new Blob([zipSync(entries) as Uint8Array<ArrayBuffer>], {
      type: 'application/zip',
    });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${lesson.id}-${name}.zip`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
    setSaid(`Saved ${name}: unzip it into fixtures/${lesson.id}/cases/.`);
  };
  return (
    <p className="live-record">
      <button
        type="button"
        className="button small"
        disabled={!recorded.ok}
        onClick={() => void save()}
        title={recorded.ok ? 'Download this session as a lesson case' : recorded.problem}
      >
        Record as a case
      </button>{' '}
      <span className="live-note" aria-live="polite">
        {recorded.ok ? said : `Nothing to record: ${recorded.problem}.`}
      </span>
    </p>
  );
}

/** The run's case folder, or why it cannot be one (only a clean run makes a case). */
function recordingOf(report: LiveReport): Recorded<FileMap> {
  if (report.report.status !== 'pass')
    return { ok: false, problem: 'the run did not finish cleanly' };
  const cassette = recordCassette(report.calls);
  if (!cassette.ok) return cassette;
  return recordCase(cassette.value, report.outputs[0] ?? '', {
    input: report.caseInput,
    description: `Recorded live: ${report.question}`,
  });
}
