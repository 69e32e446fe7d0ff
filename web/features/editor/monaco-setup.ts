import { loader } from '@monaco-editor/react';
import { LEARNER_LIBS } from '../../../core/index.ts';
import { firstBundleDone } from './first-bundle.ts';
import * as monaco from './monaco.ts';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';

/** The language service waits at most this long for the page's first bundle. */
const TYPESCRIPT_AFTER_MS = 3_000;

/**
 * Monaco from the installed package, never a CDN: the page must work offline and must not
 * send the learner's browser elsewhere. Its workers are bundled by Vite as well.
 *
 * The TypeScript worker (the compiler and its libraries, ~5 MB of script) starts once the page's
 * first bundle is made: on two cores it would otherwise slow down the first Run by a third.
 * Monaco accepts a promise of a worker; the editor works meanwhile, type errors show after.
 */
self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    if (label !== 'typescript' && label !== 'javascript') return new EditorWorker();
    const settled = Promise.race([firstBundleDone, delay(TYPESCRIPT_AFTER_MS)]);
    // Monaco's typing says Worker, its code takes a promise of one (Promise.resolve(worker)).
    return settled.then(() => new TsWorker()) as unknown as Worker;
  },
};

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

loader.config({ monaco });

const ts = monaco.typescript;
/** `moduleResolution: "bundler"`; Monaco's enum predates it, the compiler knows the number. */
const BUNDLER_RESOLUTION = 100 as unknown as monaco.typescript.ModuleResolutionKind;

ts.typescriptDefaults.setCompilerOptions({
  target: ts.ScriptTarget.ESNext,
  module: ts.ModuleKind.ESNext,
  moduleResolution: BUNDLER_RESOLUTION,
  lib: LEARNER_LIBS,
  strict: true,
  noEmit: true,
  allowImportingTsExtensions: true,
  isolatedModules: true,
  noFallthroughCasesInSwitch: true,
});
ts.typescriptDefaults.setEagerModelSync(true);

const palette = {
  light: { background: '#fbfbfd', lineHighlight: '#f1f1f7', readOnly: '#f5f5f8' },
  dark: { background: '#15161c', lineHighlight: '#1d1e26', readOnly: '#191a21' },
};
// Token colours darker than Monaco's where its own fall short of 4.5:1 on the highlighted
// line (the cursor's line, where a lesson opens, is where the learner reads first).
monaco.editor.defineTheme('theinference-light', {
  base: 'vs',
  inherit: true,
  rules: [
    { token: 'comment', foreground: '007a00' },
    { token: 'number', foreground: '067650' },
    { token: 'type', foreground: '006d6d' },
  ],
  colors: {
    'editor.background': palette.light.background,
    'editor.lineHighlightBackground': palette.light.lineHighlight,
  },
});
monaco.editor.defineTheme('theinference-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [{ token: 'comment', foreground: '6a9955' }],
  colors: {
    'editor.background': palette.dark.background,
    'editor.lineHighlightBackground': palette.dark.lineHighlight,
  },
});

export function monacoTheme(dark: boolean): string {
  return dark ? 'theinference-dark' : 'theinference-light';
}

export { monaco };
