import { Icon } from '../../ui/Icon.tsx';
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
      <Icon name="download" size={13} />
      <span className="download-label">Download</span>
      <span className="visually-hidden"> your files</span>
    </button>
  );
}
