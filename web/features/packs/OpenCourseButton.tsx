import { useRef } from 'react';
import { Icon } from '../../ui/Icon.tsx';

interface Props {
  /** The file the learner chose: a one-file JSON pack or a zip of a pack's folder. */
  onFile(file: File): void;
  className?: string;
}

/** "Open course…": the browser's file picker, for a course pack (.json or .zip). */
export function OpenCourseButton({ onFile, className = 'button' }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={className} onClick={() => input.current?.click()}>
        <Icon name="folder" size={14} />
        Open course…
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,.zip,application/json,application/zip"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied, so choosing the same file again (after fixing it) opens it again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
