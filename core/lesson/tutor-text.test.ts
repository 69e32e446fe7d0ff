import { describe, expect, it } from 'vitest';
import { applyExperimentEdit, findAnchor } from './tutor-text.ts';

const loop = [
  'async function runLoop() {',
  '  while (true) {',
  '    const response = await model(messages);',
  "    messages.push({ role: 'assistant', content: response.content });",
  '    if (done) return;',
  '  }',
  '}',
  '',
].join('\n');

const dropReply = {
  file: 'src/loop.ts',
  find: "    messages.push({ role: 'assistant', content: response.content });\n",
  replace: '',
};

describe('findAnchor', () => {
  it('gives the lines of the first occurrence, across lines', () => {
    expect(findAnchor(loop, { match: 'while (true) {\n    const' })).toEqual({
      startLine: 2,
      endLine: 3,
    });
    expect(findAnchor(loop, { match: 'nowhere' })).toBeUndefined();
  });
});

describe('applyExperimentEdit', () => {
  it('replaces the one occurrence of the text as written', () => {
    expect(applyExperimentEdit(loop, dropReply)).toEqual({
      ok: true,
      text: loop.replace(dropReply.find, ''),
    });
  });

  it.each([
    ['other indentation', loop.replace(/^ {4}/gm, '      ')],
    ['double quotes, no semicolon', loop.replace("'assistant' });", '"assistant" })')],
    [
      'other line breaks',
      loop.replace('({ role', '({\n      role').replace('content });', 'content,\n    });'),
    ],
    ['tabs and CRLF', loop.replace(/ {2}/g, '\t').replace(/\n/g, '\r\n')],
  ])('finds the text written with %s, and removes exactly it', (_how, text) => {
    // The push, however it is written, up to and including its line break.
    const push = /^[ \t]*messages\.push\(\{[^}]*\}\);?\r?\n/m;
    expect(push.test(text)).toBe(true);
    expect(applyExperimentEdit(text, dropReply)).toEqual({
      ok: true,
      text: text.replace(push, ''),
    });
  });

  it('does not let two words run together, nor match a similar line', () => {
    expect(
      applyExperimentEdit('constresponse = 1;', {
        file: 'f',
        find: 'const response = 1;',
        replace: '',
      }).ok,
    ).toBe(false);
    expect(applyExperimentEdit(loop.replace("'assistant'", "'user'"), dropReply)).toEqual({
      ok: false,
      reason: 'the code to change is not in the file',
    });
  });

  it('refuses a text that occurs twice, written either way', () => {
    const twice = `${loop}${loop.replace("'assistant'", '"assistant"')}`;
    expect(applyExperimentEdit(twice, dropReply)).toEqual({
      ok: false,
      reason: 'the code to change occurs more than once in the file',
    });
  });

  it('gives the replacement the learner’s indentation', () => {
    const edit = {
      file: 'f',
      find: '    if (done) return;',
      replace: '    if (done) {\n      log();\n      return;\n    }',
    };
    const text = loop.replace('    if (done)', '\tif (done)');
    expect(applyExperimentEdit(text, edit)).toEqual({
      ok: true,
      text: text.replace('\tif (done) return;', '\tif (done) {\n\t  log();\n\t  return;\n\t}'),
    });
  });
});
