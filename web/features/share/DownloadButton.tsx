import type { Lesson } from '../../../core/index.ts';
import { visibleDraft } from '../../store/drafts-slice.ts';
import { useAppStore } from '../../store/store.ts';
import { downloadFor } from './download-files.ts';

/** Saves the code in the editor to the learner's disk (to keep, or to carry on with the CLI). */
export function DownloadButton({ lesson }: { lesson: Lesson }) {
  const download = async () => {
    const what = downloadFor(lesson, visibleDraft(useAppStore.getState(), lesson.id));
    let blob: Blob;
    if (what.kind === 'file') {
      blob = new Blob([what.text], { type: 'text/plain;charset=utf-8' });
    } else {
      // Loaded on the first download only: most learners never press it.
      const { strToU8, zipSync } = await import('fflate');
      const entries = Object.fromEntries(
        Object.entries(what.files).map(([path, text]) => [path, strToU8(text)]),
      );
      blob = new Blob([zipSync(entries) as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
    }
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = what.name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <button
      type="button"
      className="button ghost download-button"
      title="Download your files"
      onClick={() => void download()}
    >
      <DownloadIcon />
      <span className="download-label">Download</span>
      <span className="visually-hidden"> your files</span>
    </button>
  );
}

function DownloadIcon() {
  return (
    <svg width="13" height="13" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7.25 1.5h1.5v7.19l2.47-2.47 1.06 1.06L8 11.56 3.72 7.28l1.06-1.06 2.47 2.47V1.5ZM2 12.5h12V14H2v-1.5Z"
      />
    </svg>
  );
}
