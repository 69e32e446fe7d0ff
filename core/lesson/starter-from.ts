import type { FileMap, LessonProblem } from './types.ts';

/**
 * The starter files a lesson names instead of holding (`starterFrom` in its lesson.json:
 * `{ "src/loop.ts": "budgets-and-refusal" }`), each the named lesson's reference file
 * (`budgets-and-refusal/reference/src/loop.ts`). A starter that begins where an earlier lesson
 * ended then follows that reference when it changes, rather than a copy kept by hand. The
 * named lesson must come earlier in the course (`order`, the course's lesson ids) and hold the
 * file in its `reference/`; a path may not also be in the lesson's own `starter/`. Every
 * mistake is a problem naming `<id>/lesson.json` and the path.
 */
export function starterFrom(
  files: FileMap,
  id: string,
  named: Readonly<Record<string, string>>,
  order: readonly string[],
  problems: LessonProblem[],
): FileMap {
  const out: FileMap = {};
  const here = order.indexOf(id);
  for (const [path, from] of Object.entries(named)) {
    const problem = (message: string) =>
      problems.push({ file: `${id}/lesson.json`, field: `starterFrom.${path}`, message });
    const at = order.indexOf(from);
    const text = files[`${from}/reference/${path}`];
    if (`${id}/starter/${path}` in files) {
      problem(`${path} is in ${id}/starter/ too: name it here or hold it there, not both`);
    } else if (at < 0) {
      problem(`${from} is not a lesson of the course`);
    } else if (at >= here) {
      problem(`${from} does not come before ${id}: a starter starts from an earlier lesson`);
    } else if (text === undefined) {
      problem(`${from} has no reference file ${path} (${from}/reference/${path})`);
    } else {
      out[path] = text;
    }
  }
  return out;
}

/**
 * Which files of `fixtures/` loading lesson `id` by itself reads: course.json, the lesson's
 * own folder, and every lesson's `reference/`, where a starter named in `starterFrom` is.
 */
export function filesForLesson(id: string): (path: string) => boolean {
  return (path) =>
    path === 'course.json' || path.startsWith(`${id}/`) || /^[^/]+\/reference\//.test(path);
}
