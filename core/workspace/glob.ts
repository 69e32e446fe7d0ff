/**
 * A glob as a regular expression over workspace paths: `*` is any run of characters but `/`,
 * `?` one such character, `**` any run of whole segments (`src/**` is everything under src/,
 * and `**\/*.ts` matches `a.ts` too); everything else stands for itself.
 */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] as string;
    if (char === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      source += slash ? '(?:[^/]*/)*' : '.*';
      i += slash ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}
