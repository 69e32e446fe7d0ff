import { gradeSolution } from './grade-solution.ts';
import { readFileSync } from 'node:fs';
const [lesson] = process.argv.slice(2);
const cat = JSON.parse(readFileSync(`fixtures/${lesson}/solutions/solutions.json`, 'utf8'));
for (const name of cat.correct) {
  const r = await gradeSolution(lesson!, name);
  const failed = r.cases.filter((c) => c.kind !== 'pass');
  console.log(`${name}: ${failed.length === 0 ? 'PASS' : failed.map((c) => `${c.name} ${c.kind} ${c.message}`).join('\n   ')}`);
}
for (const w of cat.wrong) {
  const r = await gradeSolution(lesson!, w.solution);
  const c = r.cases.find((x) => x.name === w.case);
  console.log(`${w.solution} @${w.case}: ${c?.kind} :: ${c?.message}`);
}
process.exit(0);
