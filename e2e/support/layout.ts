import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { expect, type Locator, type Page } from '@playwright/test';

/** Where journeys save screenshots for a person to look at (git-ignored), as tour.spec.ts does. */
const outDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** The desktop widths a screen must fit without a horizontal scrollbar, and the phone width. */
export const DESKTOP_WIDTHS = [1280, 1600, 1920] as const;
export const PHONE_WIDTH = 390;
export const SCHEMES = ['light', 'dark'] as const;

/** Resize the viewport to `width` (a phone's height at 390, a laptop's otherwise). */
export async function setWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width <= PHONE_WIDTH ? 844 : 900 });
}

/**
 * The page itself does not scroll sideways: nothing is wider than the window. Judged once the
 * layout has settled: just after a resize a dialog's popper can still sit where the wide layout put
 * it (the tour once read 844 px at 390, a frame before it moved); a page that stays too wide fails.
 */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await expect.poll(overflow, { message: `${what} scrolls sideways (pixels wider than the window)`, timeout: 3_000 }).toBeLessThanOrEqual(0);
}

/** Loaded (no skeleton, nothing busy), in the colour scheme asked for, and not wider than the window: ready for a screenshot. */
export async function settle(page: Page, what: string, scheme: string, width: number): Promise<void> {
  await expect(page.locator('.MuiSkeleton-root, [aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
  await expectNoSidewaysScroll(page, `${what} at ${width}px (${scheme})`);
}

/** Save the whole page as e2e/screenshots/<name>.png; the viewport only with a dialog open (it is fixed to it). */
export async function saveScreenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  // Transitions finished, not caught half-way (a button turning enabled as its data arrives).
  await page.screenshot({ path: `${outDir}${name}.png`, fullPage, animations: 'disabled' });
}

/**
 * Save one element (a card) as e2e/screenshots/<name>.png, to look at it closely: without the
 * fixed top bar and skip link, which would cover its top, and scrolled back to the top afterwards, so a whole-page
 * screenshot after it is not taken half-way down.
 */
export async function saveElementScreenshot(element: Locator, name: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  await element.screenshot({ path: `${outDir}${name}.png`, style: '.MuiAppBar-root, a[href="#main-content"] { visibility: hidden !important; }' });
  await element.page().evaluate(() => window.scrollTo(0, 0));
}

/** `table`'s own scroll container does not scroll sideways either: the table fits its card. */
export async function expectTableFits(table: Locator, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await table.evaluate((el) => ({
    scrollWidth: el.parentElement?.scrollWidth ?? 0,
    clientWidth: el.parentElement?.clientWidth ?? 0,
  }));
  expect(scrollWidth, `${what} scrolls sideways (${scrollWidth} > ${clientWidth})`).toBeLessThanOrEqual(clientWidth);
}
