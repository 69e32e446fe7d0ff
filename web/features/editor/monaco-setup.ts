import { loader } from '@monaco-editor/react';
import { LEARNER_LIBS } from '../../../core/index.ts';
import * as monaco from './monaco.ts';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';

/**
 * Monaco from the installed package, never a CDN: the page must work offline and must not
 * send the learner's browser elsewhere. Its workers are bundled by Vite as well.
 */
self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    if (label === 'typescript' || label === 'javascript') return new TsWorker();
    return new EditorWorker();
  },
};

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
monaco.editor.defineTheme('theinference-light', {
  base: 'vs',
  inherit: true,
  rules: [],
  colors: {
    'editor.background': palette.light.background,
    'editor.lineHighlightBackground': palette.light.lineHighlight,
  },
});
monaco.editor.defineTheme('theinference-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [],
  colors: {
    'editor.background': palette.dark.background,
    'editor.lineHighlightBackground': palette.dark.lineHighlight,
  },
});

export function monacoTheme(dark: boolean): string {
  return dark ? 'theinference-dark' : 'theinference-light';
}

export { monaco };
