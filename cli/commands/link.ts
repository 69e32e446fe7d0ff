import { encodeShareFragment, LONG_LINK_CHARS, type Lesson } from '../../core/index.ts';
import { readCourseSources } from '../read-sources.ts';
import { srcProblem } from './test.ts';

/** Prints the share link for the course directory's files, so local work opens in the browser. */
export function printShareLink(lesson: Lesson, dir: string, base: string): number {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    process.stderr.write(`--base is not a URL: ${base}\n`);
    return 2;
  }
  const problem = srcProblem(dir);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    return 2;
  }
  const { files } = readCourseSources(dir);
  url.hash = encodeShareFragment(lesson, files);
  const link = url.toString();
  process.stdout.write(`${link}\n`);
  if (link.length > LONG_LINK_CHARS) {
    process.stderr.write(
      `This link is ${link.length} characters long; past ${LONG_LINK_CHARS}, chat apps may cut it off.\n`,
    );
  }
  return 0;
}
