/**
 * The part of Monaco this app uses, imported piece by piece: the editor API, TypeScript (its
 * colouring and its language service) and the editing features a learner reaches for. The
 * package's main entry also registers some eighty other languages and features such as the
 * colour picker or GPU rendering, and bundling it cost a cold load about a third more script.
 * Import Monaco from here (`import * as monaco from './monaco.ts'`), never from
 * 'monaco-editor' itself, or the whole package comes back.
 */
export * from 'monaco-editor/editor/editor.api';
export * as typescript from 'monaco-editor/languages/features/typescript/register';
import 'monaco-editor/languages/definitions/typescript/register';

// Editing.
import 'monaco-editor/editor/browser/coreCommands';
import 'monaco-editor/features/codeEditor/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/format/register';
import 'monaco-editor/features/indentation/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/lineSelection/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/readOnlyMessage/register';
import 'monaco-editor/features/smartSelect/register';
import 'monaco-editor/features/snippet/register';
import 'monaco-editor/features/tokenization/register';
import 'monaco-editor/features/wordOperations/register';
import 'monaco-editor/features/wordPartOperations/register';
// Ctrl+M: Tab moves focus out of the editor instead of indenting (keyboard users need it).
import 'monaco-editor/features/toggleTabFocusMode/register';

// Finding and navigating.
import 'monaco-editor/features/find/register';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/editor/contrib/gotoError/browser/markerSelectionStatus';
import 'monaco-editor/features/gotoSymbol/register';
import 'monaco-editor/editor/contrib/gotoSymbol/browser/goToCommands';
import 'monaco-editor/features/referenceSearch/register';
import 'monaco-editor/features/gotoLine/register';
import 'monaco-editor/features/quickCommand/register';
import 'monaco-editor/features/quickHelp/register';

// What the TypeScript service shows: hovers, completions, signatures, fixes, renames.
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/suggest/register';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/features/parameterHints/register';
import 'monaco-editor/features/codeAction/register';
import 'monaco-editor/features/rename/register';

// The solution's diff view, and the icons everything above draws with.
import 'monaco-editor/features/diffEditor/register';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/editor/common/standaloneStrings';
