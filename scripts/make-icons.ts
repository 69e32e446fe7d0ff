/**
 * Renders the app's install icons (public/icons/*.png) from the favicon's SVG with the system
 * Chromium: `npx tsx scripts/make-icons.ts`. Run it again after changing public/favicon.svg.
 * "any" icons are the favicon as drawn (rounded square); maskable ones fill the whole square
 * with the background and keep the glyph inside the central 80 % a platform's mask may leave.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { PACKAGE_ROOT } from '../cli/node-host.ts';

const svg = readFileSync(join(PACKAGE_ROOT, 'public', 'favicon.svg'), 'utf8');
const background = /<rect[^>]*fill="([^"]+)"/.exec(svg)?.[1];
if (!background) throw new Error('favicon.svg: no background <rect fill>');
/** The glyph without its rounded square, for the full-bleed maskable icon. */
const glyph = svg.replace(/<rect[^>]*\/>/, '');
const maskable = glyph
  .replace(
    /<svg([^>]*)>/,
    `<svg$1><rect width="32" height="32" fill="${background}"/><g transform="translate(3.2 3.2) scale(0.8)">`,
  )
  .replace('</svg>', '</g></svg>');

const icons = [
  { name: 'icon-192.png', size: 192, markup: svg },
  { name: 'icon-512.png', size: 512, markup: svg },
  { name: 'maskable-512.png', size: 512, markup: maskable },
  { name: 'apple-touch-icon.png', size: 180, markup: maskable },
];

const out = join(PACKAGE_ROOT, 'public', 'icons');
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { name, size, markup } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = markup.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    await page.locator('svg').screenshot({ path: join(out, name), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`wrote ${icons.map((i) => i.name).join(', ')} to public/icons/`);
