import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium';

/** Debian's Chromium, headless, as the journeys launch it (never a downloaded browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** What the init script below leaves on the page's window. */
interface Marks {
  __visibleAt?: number;
  __assetsAt?: string[];
}

export interface ColdLoad {
  /** Milliseconds from the start of navigation until `selector` matched an element with a box. */
  visibleMs: number;
  /** The path of every script and stylesheet the page had loaded by then, in order. */
  assets: string[];
}

/**
 * One cold load of `url` in a fresh browser context (empty cache, `state`'s cookies): the time
 * until an element matching `selector` is in the DOM with a layout box, taken in the page by a
 * MutationObserver from the navigation's start (`performance.now()`), so the static page and the
 * app are timed alike; the scripts and stylesheets are the page's own resource timings at that
 * moment. Fails when it never shows, or when the page throws.
 */
export async function coldLoad(browser: Browser, url: string, selector: string, state?: BrowserContextOptions['storageState']): Promise<ColdLoad> {
  const context = await browser.newContext({ storageState: state, viewport: { width: 1280, height: 900 } });
  try {
    // A string, not a function: it uses the DOM, whose types this workspace does not load.
    await context.addInitScript({
      content: `(() => {
        const check = () => {
          const element = document.querySelector(${JSON.stringify(selector)});
          if (element && element.getClientRects().length > 0) {
            window.__visibleAt = performance.now();
            window.__assetsAt = performance.getEntriesByType('resource')
              .map((entry) => new URL(entry.name).pathname)
              .filter((path) => /\\.(?:js|css)$/.test(path));
            observer.disconnect();
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(document, { childList: true, subtree: true, attributes: true });
      })();`,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url, { waitUntil: 'commit' });
    try {
      // Functions, not strings: the app's Content-Security-Policy forbids eval (and stays on here).
      await page.waitForFunction(() => (globalThis as Marks).__visibleAt !== undefined, undefined, { timeout: 30_000, polling: 50 });
    } catch (cause) {
      throw new Error(`${url}: ${selector} never showed${errors.length ? ` (page errors: ${errors.join('; ')})` : ''}`, { cause });
    }
    const { __visibleAt: visibleMs = Number.NaN, __assetsAt: assets = [] } = await page.evaluate(() => {
      const marks = globalThis as Marks;
      return { __visibleAt: marks.__visibleAt, __assetsAt: marks.__assetsAt };
    });
    if (errors.length > 0) throw new Error(`${url}: the page threw: ${errors.join('; ')}`);
    return { visibleMs, assets: [...new Set(assets)] };
  } finally {
    await context.close();
  }
}

/** The median of `values`: the middle one, or the mean of the two middle ones for an even count. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
}
