import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { quoteMark } from '../../../core/index.ts';
import { createMarkdownRenderer } from './markdown.ts';
import { withoutLeadingHeading } from './markdown-text.ts';

const purify = createDOMPurify(new JSDOM('').window);
const render = createMarkdownRenderer(purify);

/** A thrown message written to be markup, and what it is as HTML text. */
const HOSTILE =
  'x` <style>*{display:none}</style> <img src=x onerror="alert(1)"> ' +
  '<form action="https://evil.example/"><input name="q"></form> [click](https://evil.example/) **loud** `y';
const HOSTILE_TEXT =
  'x` &lt;style&gt;*{display:none}&lt;/style&gt; &lt;img src=x onerror="alert(1)"&gt; ' +
  '&lt;form action="https://evil.example/"&gt;&lt;input name="q"&gt;&lt;/form&gt; [click](https://evil.example/) **loud** `y';

describe('withoutLeadingHeading', () => {
  it('drops the heading the pane already shows', () => {
    expect(withoutLeadingHeading('# One turn\n\nText', 'One turn')).toBe('\nText');
    expect(withoutLeadingHeading('# Your task\nDo it', 'your task')).toBe('Do it');
  });
  it('keeps any other heading', () => {
    expect(withoutLeadingHeading('# Other\nText', 'One turn')).toBe('# Other\nText');
  });
});

describe('the markdown renderer', () => {
  it('puts what a text quotes from a run in as text, inside the code span it is quoted in', () => {
    const text = `Threw \`${quoteMark('error')}\` at \`${quoteMark('at')}\`; ${quoteMark('gone')}.`;
    expect(render(text, 4, { error: HOSTILE, at: 'src/loop.ts:3' })).toBe(
      `<p>Threw <code>${HOSTILE_TEXT}</code> at <code>src/loop.ts:3</code>; .</p>\n`,
    );
  });

  it('shows HTML written in markdown as text, and keeps only links within the app', () => {
    const text =
      `Threw \`${HOSTILE}\` [lesson](#/one-turn) <https://evil.example/> ` +
      '<span class="visually-hidden" style="color:red">s</span>\n\n' +
      '- [x] done\n\n![a picture](https://evil.example/i.png)\n\n<div onclick="x">raw</div>';
    expect(render(text, 4)).toBe(
      '<p>Threw <code>x</code> &lt;style&gt;*{display:none}&lt;/style&gt; &lt;img src=x onerror="alert(1)"&gt; ' +
        '&lt;form action="https://evil.example/"&gt;&lt;input name="q"&gt;&lt;/form&gt; click (https://evil.example/) ' +
        '<strong>loud</strong> <code>y</code> <a href="#/one-turn">lesson</a> https://evil.example/ ' +
        '&lt;span class="visually-hidden" style="color:red"&gt;s&lt;/span&gt;</p>\n' +
        '<ul>\n<li>[x] done</li>\n</ul>\n<p>a picture</p>\n&lt;div onclick="x"&gt;raw&lt;/div&gt;',
    );
  });

  it('keeps a quoted value out of attributes', () => {
    expect(render(`[go](<#/${quoteMark('at')}>)`, 4, { at: 'javascript:alert(1)' })).not.toContain(
      'javascript',
    );
  });

  it('leads a pack’s links within the app to its own lessons, sanitised the same way', () => {
    const pack = createMarkdownRenderer(purify, { linkBase: '#/@tiny-pack/' });
    const text =
      '[next](#/second) [other pack](#/@other/x) [out](https://evil.example/) ' +
      '[odd](<#/a"b onclick=x>) <b>raw</b>';
    expect(pack(text, 2)).toBe(
      '<p><a href="#/@tiny-pack/second">next</a> <a href="#/@other/x">other pack</a> ' +
        'out (https://evil.example/) <a href="#/@tiny-pack/a&quot;b onclick=x">odd</a> &lt;b&gt;raw&lt;/b&gt;</p>\n',
    );
    // The shipped course's text is as it was.
    expect(render('[next](#/second)', 2)).toBe('<p><a href="#/second">next</a></p>\n');
  });
});
