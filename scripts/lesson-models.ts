import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Lesson } from '../core/index.ts';
import { PACKAGE_ROOT } from '../cli/node-host.ts';

/**
 * The models a lesson names, and the ones the installed `@anthropic-ai/sdk` calls deprecated
 * (it warns on every call to one). A course must not teach a model on its way out.
 */

/** Model ids in code: a quoted `claude-...` string. */
const MODEL_IN_CODE = /['"`](claude-[a-z0-9-]+)['"`]/g;

/** Every model a lesson names: in its harness, its starter and reference files, its cassettes. */
export function lessonModels(lesson: Lesson): Set<string> {
  const models = new Set<string>();
  const code = [
    lesson.harness,
    ...Object.values(lesson.starter),
    ...Object.values(lesson.reference),
  ];
  for (const text of code) {
    for (const match of text.matchAll(MODEL_IN_CODE)) models.add(match[1] ?? '');
  }
  for (const { cassette } of lesson.cases) {
    for (const { request, response } of cassette.calls) {
      if (typeof request.model === 'string') models.add(request.model);
      models.add(response.model);
    }
  }
  return models;
}

/** The SDK's own list (`internal/data/deprecated-models`): model id -> end-of-life date. */
export async function deprecatedModels(): Promise<Record<string, string>> {
  const file = join(
    PACKAGE_ROOT,
    'node_modules/@anthropic-ai/sdk/internal/data/deprecated-models.mjs',
  );
  const module = (await import(pathToFileURL(file).href)) as {
    DEPRECATED_MODELS: Record<string, string>;
  };
  return module.DEPRECATED_MODELS;
}
