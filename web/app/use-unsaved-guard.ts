import { useEffect } from 'react';
import { useAppStore } from '../store/store.ts';

/**
 * Asks before the tab closes while work exists only in it: the latest save failed (storage
 * full or blocked), or the learner edited code from a share link without keeping it.
 */
export function useUnsavedGuard(): void {
  const unsaved = useAppStore((s) => s.unsaved);
  const editedShared = useAppStore((s) => Object.values(s.shared).some((c) => c.edited));
  const guard = unsaved || editedShared;
  useEffect(() => {
    if (!guard) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [guard]);
}
