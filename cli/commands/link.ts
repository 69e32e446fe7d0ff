import { encodeShareFragment, LONG_LINK_CHARS, type Lesson } from '../../core/index.ts';
import { readTree } from '../node-host.ts';

/** Prints the share link for the course directory's files, so local work opens in the browser. */
export function printShareLink(lesson: Lesson, dir: string, base: string): number {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    process.stderr.write(`--base is not a URL: ${base}\n`);
    return 2;
  }
  const files = readTree(dir, (path) => path.startsWith('src/') && path.endsWith('.ts'));
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
