import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Course } from '../../core/index.ts';

const readme = (course: Course) => `# ${course.title}

Your course directory for theinference. You write \`src/loop.ts\`; each stage adds a function to it.

    npx theinference lessons                          # the stages, in order
    npx theinference test --stage ${course.lessons[0]?.id ?? '<id>'}          # grade one stage
    npx theinference test --stage <id> --watch        # re-grade on every save
    npx theinference test --all                       # grade every stage

\`src/types.ts\` is read-only: the grader always uses the course's own copy.
Each stage's task is in the playground, or in the package's \`fixtures/<stage>/task.md\`.
`;

/** Makes a course directory with the first stage's starter files; never overwrites a file. */
export function initCourseDir(course: Course, dir: string): number {
  const first = course.lessons[0];
  if (!first) return 2;
  const root = resolve(dir);
  const files: Record<string, string> = { ...first.starter, 'README.md': readme(course) };
  const skipped: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    const target = join(root, path);
    if (existsSync(target)) {
      skipped.push(path);
      continue;
    }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  process.stdout.write(`Course directory ready: ${root}\n`);
  if (skipped.length > 0) process.stdout.write(`Kept your existing ${skipped.join(', ')}\n`);
  process.stdout.write(`Next: cd ${dir} && npx theinference test --stage ${first.id}\n`);
  return 0;
}
