import { marked, type Token, type Tokens } from 'marked';
import { style, visibleLength } from './style.ts';

/**
 * Lesson markdown laid out for a terminal `width` columns wide: headings underlined, paragraphs
 * and list items wrapped, code blocks indented, tables drawn with their columns aligned, and
 * no markdown markup left (`**`, `#`, backticks, pipes).
 */
export function renderMarkdown(markdown: string, width: number): string {
  return blocks(marked.lexer(markdown), width).join('\n');
}

/** Block tokens as lines, one blank line between blocks. */
function blocks(tokens: Token[], width: number): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    const lines = block(token, width);
    if (lines.length === 0) continue;
    if (out.length > 0) out.push('');
    out.push(...lines);
  }
  return out;
}

function block(token: Token, width: number): string[] {
  switch (token.type) {
    case 'heading': {
      const text = inline((token as Tokens.Heading).tokens);
      const depth = (token as Tokens.Heading).depth;
      if (depth > 2) return [style.bold(text)];
      return [style.bold(text), style.dim((depth === 1 ? '═' : '─').repeat(visibleLength(text)))];
    }
    case 'paragraph':
      return wrap(inline((token as Tokens.Paragraph).tokens), width);
    case 'text': {
      const text = token as Tokens.Text;
      return wrap(text.tokens ? inline(text.tokens) : decode(text.text), width);
    }
    case 'code':
      return (token as Tokens.Code).text.split('\n').map((line) => `    ${style.cyan(line)}`);
    case 'list':
      return list(token as Tokens.List, width);
    case 'table':
      return table(token as Tokens.Table, width);
    case 'blockquote':
      return blocks((token as Tokens.Blockquote).tokens, width - 2).map(
        (line) => `${style.dim('│')} ${line}`,
      );
    case 'hr':
      return [style.dim('─'.repeat(width))];
    case 'html':
      return wrap(decode(stripTags((token as Tokens.HTML).text)), width);
    case 'space':
      return [];
    default:
      return wrap(decode('text' in token ? String(token.text) : token.raw), width);
  }
}

function list(token: Tokens.List, width: number): string[] {
  const start = typeof token.start === 'number' ? token.start : 1;
  const marks = token.items.map((_, i) => (token.ordered ? `${start + i}.` : '•'));
  const markWidth = Math.max(...marks.map((m) => m.length)) + 1;
  const out: string[] = [];
  token.items.forEach((item, i) => {
    const body = token.loose
      ? blocks(item.tokens, width - markWidth)
      : tight(item.tokens, width - markWidth);
    body.forEach((line, k) =>
      out.push(`${k === 0 ? (marks[i] ?? '').padEnd(markWidth) : ' '.repeat(markWidth)}${line}`),
    );
    if (token.loose && i < token.items.length - 1) out.push('');
  });
  return out;
}

/** A tight list item's blocks: its text and any nested list, without blank lines between. */
function tight(tokens: Token[], width: number): string[] {
  return tokens.flatMap((token) => block(token, width));
}

function table(token: Tokens.Table, width: number): string[] {
  const header = token.header.map((cell) => inline(cell.tokens));
  const rows = token.rows.map((row) => row.map((cell) => inline(cell.tokens)));
  const columns = header.length;
  const natural = Array.from({ length: columns }, (_, c) =>
    Math.max(visibleLength(header[c] ?? ''), ...rows.map((row) => visibleLength(row[c] ?? ''))),
  );
  // A column is never narrower than its longest word; shrink the widest ones until the table
  // fits, or, when it cannot, list each row as a record instead.
  const shortest = Array.from({ length: columns }, (_, c) =>
    Math.max(...[header[c] ?? '', ...rows.map((row) => row[c] ?? '')].map(longestWord)),
  );
  const room = width - 3 * (columns - 1);
  if (shortest.reduce((a, b) => a + b, 0) > room) return records(header, rows, width);
  const widths = [...natural];
  while (widths.reduce((a, b) => a + b, 0) > room) {
    const widest = widths.indexOf(Math.max(...widths.filter((w, c) => w > (shortest[c] ?? 0))));
    widths[widest] = (widths[widest] ?? 0) - 1;
  }
  const line = (cells: string[], paint: (s: string) => string = (s) => s) => {
    const wrapped = cells.map((cell, c) => wrap(cell, widths[c] ?? 8));
    const height = Math.max(...wrapped.map((w) => w.length));
    return Array.from({ length: height }, (_, r) =>
      wrapped
        .map((w, c) => {
          const text = w[r] ?? '';
          return paint(text) + ' '.repeat(Math.max(0, (widths[c] ?? 0) - visibleLength(text)));
        })
        .join(style.dim(' │ '))
        .trimEnd(),
    );
  };
  const rule = style.dim(widths.map((w) => '─'.repeat(w)).join('─┼─'));
  return [...line(header, style.bold), rule, ...rows.flatMap((row) => line(row))];
}

/** A table too wide for the terminal, as one record per row: `header: value` lines. */
function records(header: string[], rows: string[][], width: number): string[] {
  return rows.flatMap((row, r) => [
    ...(r > 0 ? [''] : []),
    ...row.flatMap((cell, c) =>
      wrap(`${style.bold(`${header[c] ?? ''}:`)} ${cell}`, width - 2).map(
        (line, k) => `${k === 0 && c === 0 ? '•' : ' '} ${line}`,
      ),
    ),
  ]);
}

function longestWord(text: string): number {
  return Math.max(0, ...text.split(/\s+/).map(visibleLength));
}

/** Inline tokens as one styled string (newlines only where the markdown breaks a line). */
function inline(tokens: Token[] | undefined): string {
  if (!tokens) return '';
  return tokens
    .map((token) => {
      switch (token.type) {
        case 'text': {
          const text = token as Tokens.Text;
          return text.tokens ? inline(text.tokens) : decode(text.text).replace(/\n/g, ' ');
        }
        case 'escape':
          return (token as Tokens.Escape).text;
        case 'codespan':
          return style.cyan(decode((token as Tokens.Codespan).text));
        case 'strong':
          return style.bold(inline((token as Tokens.Strong).tokens));
        case 'em':
          return style.italic(inline((token as Tokens.Em).tokens));
        case 'del':
          return inline((token as Tokens.Del).tokens);
        case 'link': {
          const link = token as Tokens.Link;
          const text = inline(link.tokens);
          return text === link.href ? text : `${text} (${link.href})`;
        }
        case 'image':
          return `[image: ${(token as Tokens.Image).text}]`;
        case 'br':
          return '\n';
        case 'html':
          return decode(stripTags((token as Tokens.HTML).text));
        default:
          return decode(token.raw);
      }
    })
    .join('');
}

/** Words filled into lines of at most `width` visible columns (a longer word has a line alone). */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ').filter((w) => w.length > 0)) {
      if (line && visibleLength(line) + 1 + visibleLength(word) > width) {
        out.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    out.push(line);
  }
  return out;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}
