import { describe, expect, it } from 'vitest';
import { lessonQuestion, liveInput } from '../../../core/index.ts';
import { baseUrlProblem } from './allowed-origins.ts';
import { caseName, lessonModel } from './live-input.ts';
import { fixtureLesson } from '../../../scripts/test-support/fixture-course.ts';

const lesson = fixtureLesson;

describe('the live input', () => {
  it("starts from the lesson's visible question and model", () => {
    const agent = lesson('the-agent');
    expect(lessonQuestion(agent)).toBe('Weather in Chicago?');
    expect(lessonModel(agent)).toBe('claude-sonnet-5-5');
  });

  it("puts the learner's question in the lesson's input, keeping the rest", () => {
    const bounded = lesson('bounding-the-loop');
    const visible = bounded.cases.find((c) => c.visible)?.input as Record<string, unknown>;
    expect(liveInput(bounded, 'Echo "x"')).toEqual({ ...visible, prompt: 'Echo "x"' });
  });

  it('names a recorded case after its question', () => {
    expect(caseName('Weather in Chicago?')).toBe('live-weather-in-chicago');
    expect(caseName('  ¿Qué tiempo hace en São Paulo, hoy mismo, por favor, amigo?')).toBe(
      'live-que-tiempo-hace-en-sao-paulo',
    );
  });
});

describe('baseUrlProblem', () => {
  const allowed = ['https://api.anthropic.com', 'http://127.0.0.1:4292'];
  it('accepts the origins the policy allows, with any path', () => {
    expect(baseUrlProblem('https://api.anthropic.com', allowed)).toBeUndefined();
    expect(baseUrlProblem('http://127.0.0.1:4292/', allowed)).toBeUndefined();
  });

  it('names the env var for an origin the policy does not allow', () => {
    expect(baseUrlProblem('https://gateway.example.com/anthropic', allowed)).toContain(
      'add https://gateway.example.com to THEINFERENCE_CONNECT_SRC',
    );
  });

  it('refuses what is not an http(s) URL', () => {
    expect(baseUrlProblem('api.anthropic.com', allowed)).toBe('"api.anthropic.com" is not a URL.');
    expect(baseUrlProblem('ftp://x.example', allowed)).toContain('https://');
  });
});
