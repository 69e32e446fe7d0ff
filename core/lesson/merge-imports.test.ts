import { describe, expect, it } from 'vitest';
import { mergeImports } from './merge-imports.ts';
import { splitTopLevel, type TopLevelFile } from './top-level.ts';

const imports = (text: string) => (splitTopLevel(text) as TopLevelFile).items;

describe('mergeImports', () => {
  it('adds the names the next version imports to the learner’s statement, in its order', () => {
    const ours = imports(
      "// mine\nimport type { Model, Message } from './types';\nimport { x } from './x';",
    );
    const theirs = imports("import type { Message, Model, StopReason } from './types';");
    const used = new Set(['Message', 'Model', 'StopReason']);
    expect(mergeImports(ours, theirs, used, new Set())).toEqual([
      "// mine\nimport type { Model, Message, StopReason } from './types';",
      "import { x } from './x';",
    ]);
  });

  it('keeps a sorted list sorted, and breaks a long one over lines as Prettier would', () => {
    const ours = imports("import type { Message, Model, StopReason } from './types';");
    const theirs = imports(
      "import type { Message, Model, StopReason, TextBlock, ToolOutput, ToolUseBlock, TrajectoryEntry } from './types';",
    );
    const used = new Set(['TextBlock', 'ToolOutput', 'ToolUseBlock', 'TrajectoryEntry']);
    expect(mergeImports(ours, theirs, used, new Set())).toEqual([
      "import type {\n  Message,\n  Model,\n  StopReason,\n  TextBlock,\n  ToolOutput,\n  ToolUseBlock,\n  TrajectoryEntry,\n} from './types';",
    ]);
  });

  it('leaves out what the carried code declares or does not use, and adds a statement where the learner has none', () => {
    const ours = imports("import type { Message } from './types';");
    const theirs = imports(
      "import { value } from './types';\nimport Anthropic from '@anthropic-ai/sdk';",
    );
    expect(
      mergeImports(ours, theirs, new Set(['value', 'Anthropic']), new Set(['Anthropic'])),
    ).toEqual(["import type { Message } from './types';", "import { value } from './types';"]);
    expect(mergeImports([], theirs, new Set(['value', 'Anthropic']), new Set())).toEqual([
      "import { value } from './types';",
      "import Anthropic from '@anthropic-ai/sdk';",
    ]);
  });
});
