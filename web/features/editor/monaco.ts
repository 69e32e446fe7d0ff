/**
 * The part of Monaco this app uses: the editor API, its editing features, and one language,
 * TypeScript (its colouring and its language service). The package's main entry also registers
 * some eighty other languages and the CSS, HTML and JSON services. Import Monaco from here
 * (`import * as monaco from './monaco.ts'`), never from 'monaco-editor' itself, or all of
 * that comes back.
 */
export * from 'monaco-editor/editor/editor.api';
export * as typescript from 'monaco-editor/languages/features/typescript/register';
import 'monaco-editor/languages/definitions/typescript/register';

// Every editor feature, registered before the first editor exists. TypeScript's worker manager
// imports this same set when the language service starts; arriving that late, features would
// find the services they need missing ("depends on UNKNOWN service ICodeLensCache").
import 'monaco-editor/internal/common/workers';
// The find widget's fix to its tab order, which the package's main entry applies.
import 'monaco-editor/features/find/register';
