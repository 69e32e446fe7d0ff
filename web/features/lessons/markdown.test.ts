import { describe, expect, it } from 'vitest';
import { withoutLeadingHeading } from './markdown-text.ts';

describe('withoutLeadingHeading', () => {
  it('drops the heading the pane already shows', () => {
    expect(withoutLeadingHeading('# One turn\n\nText', 'One turn')).toBe('\nText');
    expect(withoutLeadingHeading('# Your task\nDo it', 'your task')).toBe('Do it');
  });
  it('keeps any other heading', () => {
    expect(withoutLeadingHeading('# Other\nText', 'One turn')).toBe('# Other\nText');
  });
});
