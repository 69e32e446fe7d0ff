import type { Lesson } from '../../../core/index.ts';
import { monaco } from './monaco-setup.ts';

const IMPORTS_SDK = /\bfrom\s+['"]@anthropic-ai\/sdk(?:\/[^'"]*)?['"]/;

/** Whether any of the lesson's files import the real SDK (`the-agent` does). */
export function importsSdk(lesson: Lesson): boolean {
  const texts = [...Object.values(lesson.starter), ...Object.values(lesson.reference)];
  return texts.some((text) => IMPORTS_SDK.test(text));
}

let loading: Promise<void> | undefined;

/**
 * Gives the TypeScript checker the installed `@anthropic-ai/sdk` package's declarations, so
 * `import Anthropic from '@anthropic-ai/sdk'` type-checks and completes in the editor. They
 * are a few MiB: loaded once, and only for lessons that import the package.
 */
export function loadSdkTypes(): Promise<void> {
  loading ??= import('./sdk-declarations.ts').then(
    ({ sdkDeclarations }) => {
      for (const [path, text] of Object.entries(sdkDeclarations)) {
        // The checker resolves the package from a lesson file through file:///node_modules/.
        monaco.typescript.typescriptDefaults.addExtraLib(text, `file://${path}`);
      }
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
