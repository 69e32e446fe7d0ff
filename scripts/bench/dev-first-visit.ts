/**
 * Runs on Node. How long a newcomer waits on `npm start` (the Vite dev server) for a usable
 * editor: from navigation to Monaco shown with the lesson's models (the test hook answers).
 * Cold: the dev server's dependency cache (node_modules/.vite) removed first, as on a fresh
 * clone; warm: a second browser on the same server. Usage: tsx scripts/bench/dev-first-visit.ts
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { chromium } from '@playwright/test';

const PORT = Number(process.env.DEV_PORT ?? 4390);
const root = new URL('../../', import.meta.url).pathname;

async function visit(): Promise<number> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage();
  const start = Date.now();
  await page.goto(`http://localhost:${PORT}/#/the-while-loop`);
  await page.locator('.monaco-editor').first().waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => window.__theinference?.lessonId() === 'the-while-loop', null, {
    timeout: 120_000,
  });
  const ms = Date.now() - start;
  await browser.close();
  return ms;
}

rmSync(`${root}node_modules/.vite`, { recursive: true, force: true });
const server = spawn('npx', ['vite', '--port', String(PORT), '--strictPort'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
let reloads = 0;
await new Promise<void>((resolve) => {
  server.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (text.includes('Local:')) resolve();
    // A dependency found late makes Vite re-optimise and reload the page: the 4-12 s.
    if (/optimized dependencies changed|new dependencies optimized/i.test(text)) {
      reloads += 1;
      console.log(text.trim());
    }
  });
});
try {
  const cold = await visit();
  const warm = await visit();
  console.log(`dev server, first visit to a usable editor: cold ${cold} ms, warm ${warm} ms`);
  console.log(`re-optimisations during the visits: ${reloads}`);
} finally {
  process.kill(-server.pid!, 'SIGTERM');
}
