import { useState } from 'react';
import type { Lesson, LiveReport } from '../../../core/index.ts';
import { recordLiveCase } from '../../../core/live/index.ts';
import { caseName } from './live-input.ts';

/**
 * Saves a live run as a lesson case: a zip of one folder (`case.json`, `cassette.json`,
 * `expected.json`) that goes into `fixtures/<lesson>/cases/` as it is.
 */
export function RecordButton({ report, lesson }: { report: LiveReport; lesson: Lesson }) {
  const [said, setSaid] = useState('');
  const recorded = recordLiveCase(report);
  const name = caseName(report.report.description);
  const save = async () => {
    if (!recorded.ok) return;
    const { strToU8, zipSync } = await import('fflate');
    const entries = Object.fromEntries(
      Object.entries(recorded.files).map(([file, text]) => [`${name}/${file}`, strToU8(text)]),
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
        title={recorded.ok ? 'Download this session as a lesson case' : recorded.reason}
      >
        Record as a case
      </button>{' '}
      <span className="live-note" aria-live="polite">
        {recorded.ok ? said : recorded.reason}
      </span>
    </p>
  );
}
