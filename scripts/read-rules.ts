import { existsSync, readFileSync } from 'node:fs';
import { FIXTURES_DIR } from '../cli/node-host.ts';
import { rulesFileSchema, type RulesFile } from './lesson-rules.ts';

/** `fixtures/<lesson>/rules.json`, read and checked: its data, or why it has none. */
export function readRulesFile(lessonId: string): { rules: RulesFile } | { problem: string } {
  const path = `${FIXTURES_DIR}/${lessonId}/rules.json`;
  if (!existsSync(path)) return { problem: 'rules.json is missing' };
  const parsed = rulesFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  return parsed.success ? { rules: parsed.data } : { problem: parsed.error.message };
}

/** The lesson's rules, or undefined when its rules.json is missing or invalid. */
export function readRules(lessonId: string): RulesFile | undefined {
  const read = readRulesFile(lessonId);
  return 'rules' in read ? read.rules : undefined;
}
