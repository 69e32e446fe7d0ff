import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import base from '../vite.config.ts';
import { courseAtBuild } from '../build/course-at-build.ts';

/**
 * "Build B" of the update spec (e2e/deploy.spec.ts): the app as a later deployment would be,
 * with a changed course and a new version of the saved state.
 *
 * - The course renames its first lesson, `one-turn`, to `first-call` (and retitles it), as a
 *   course may between versions; fixtures/ is copied, never written.
 * - The saved state goes up one version (PERSIST_VERSION + 1), whose migration moves everything
 *   the learner had under the old id (draft, progress, code passed with, hints, tutor chat, the
 *   lesson last open) to the new one, after the app's own migrations.
 */
export const RENAMED = { from: 'one-turn', to: 'first-call', title: 'One call, then stop' };

const fixtures = mkdtempSync(join(tmpdir(), 'theinference-course-b-'));
cpSync(join(import.meta.dirname, '..', 'fixtures'), fixtures, { recursive: true });
renameSync(join(fixtures, RENAMED.from), join(fixtures, RENAMED.to));
for (const dir of ['.', ...readdirSync(fixtures)]) {
  for (const name of ['course.json', 'lesson.json', 'tutor.json', 'rules.json']) {
    const file = join(fixtures, dir, name);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    writeFileSync(file, text.replaceAll(`"${RENAMED.from}"`, `"${RENAMED.to}"`));
  }
}
const lessonJson = join(fixtures, RENAMED.to, 'lesson.json');
const lesson = JSON.parse(readFileSync(lessonJson, 'utf8')) as { title: string };
writeFileSync(lessonJson, JSON.stringify({ ...lesson, title: RENAMED.title }, null, 2));

/** The migration of the next version: the current chain, then the lesson's new id. */
function migration(next: number): string {
  return `
function renameLesson(state, from, to) {
  const out = { ...state };
  for (const key of ['drafts', 'progress', 'passedCode', 'hintsShown', 'experimentSnapshots', 'chats']) {
    const map = out[key];
    if (map && typeof map === 'object' && from in map) {
      const { [from]: moved, ...rest } = map;
      out[key] = { ...rest, [to]: moved };
    }
  }
  if (out.lastLessonId === from) out.lastLessonId = to;
  return out;
}
export function migrate(persisted, version) {
  if (version > PERSIST_VERSION) throw new NewerSaveError(version);
  if (version === PERSIST_VERSION) return persisted;
  const current = migrateUpTo${next - 1}(persisted, version);
  return renameLesson(current, ${JSON.stringify(RENAMED.from)}, ${JSON.stringify(RENAMED.to)});
}
`;
}

/** The saved state's version, one above the app's own, with the migration above. */
function nextStateVersion(): Plugin {
  return {
    name: 'e2e:next-state-version',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('web/store/persisted-state.ts')) return;
      const declared = /export const PERSIST_VERSION = (\d+);/.exec(code);
      if (!declared || !code.includes('export function migrate(')) {
        throw new Error(
          'update build: persisted-state.ts moved on; update e2e/update-build.config.ts',
        );
      }
      const next = Number(declared[1]) + 1;
      return (
        code
          .replace(declared[0], `export const PERSIST_VERSION = ${next};`)
          .replace('export function migrate(', `function migrateUpTo${next - 1}(`) + migration(next)
      );
    },
  };
}

const isCourse = (plugin: PluginOption) =>
  !!plugin &&
  typeof plugin === 'object' &&
  'name' in plugin &&
  plugin.name === 'theinference:course-at-build';

export default defineConfig({
  ...base,
  plugins: [
    nextStateVersion(),
    ...(base.plugins ?? []).map((plugin) => (isCourse(plugin) ? courseAtBuild(fixtures) : plugin)),
  ],
});
