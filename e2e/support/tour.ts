import { expect, type Locator, type Page } from '@playwright/test';

import { seriousAxeViolations } from './axe';
import { PHONE_WIDTH, saveElementScreenshot, saveScreenshot, setWidth, settle } from './layout';

/** The widths every stop is looked at: a laptop's, then a phone's. */
export const TOUR_WIDTHS = [1280, PHONE_WIDTH] as const;

export interface LookOptions {
  /** Saved as e2e/screenshots/<shot>-<width>-<scheme>.png at each width; a stop without one is checked, not shot. */
  shot?: string;
  /** What shows once the screen is ready, asserted again after each change of width; by default its first level-1 heading (or `heading`). */
  ready?: () => Promise<void>;
  /** The heading that says the screen is ready, when `ready` is not given. */
  heading?: string;
  /** A dialog is fixed to the viewport: its picture is of the viewport, not of the page behind it. */
  viewportOnly?: boolean;
  /**
   * Where axe runs: at 1280 (the default), at the phone width only (where the journey this stop
   * came from checked it), or at both (a screen whose phone layout changes what can be reached,
   * such as a table in its own scroll box).
   */
  axe?: 'desktop' | 'phone' | 'both';
}

/**
 * One colour scheme's walk through the app (docs/decisions/0016-accessibility-checks.md). Each
 * stop, once its screen shows what it waits for, is checked the same way at 1280 and 390 wide:
 * loaded (no skeleton, nothing busy, no spinner), in the scheme asked for (MUI's class on <html>,
 * or dark would be light tested twice), no wider than the window, saved as a picture, and checked
 * by axe. An axe finding fails the test at the end, listing each rule and element, so one run
 * names every screen to fix rather than the first.
 */
export class Tour {
  constructor(
    readonly page: Page,
    readonly scheme: 'light' | 'dark',
  ) {}

  /** Load `path` and look at it. */
  async visit(path: string, what: string, options: LookOptions = {}): Promise<void> {
    await this.page.goto(path);
    await this.look(what, options);
  }

  /** Look at the screen as it is now, at each width; the page is left at 1280 wide. */
  async look(what: string, { shot, ready, heading, viewportOnly = false, axe = 'desktop' }: LookOptions = {}): Promise<void> {
    const { page } = this;
    const isReady =
      ready ?? (() => expect(heading ? page.getByRole('heading', { name: heading }).first() : page.getByRole('heading', { level: 1 }).first()).toBeVisible());
    for (const width of TOUR_WIDTHS) {
      await setWidth(page, width);
      await isReady();
      await this.settle(what, width);
      if (shot) {
        // Fixed parts (the top bar) are drawn where the viewport is: a whole page is taken from the top.
        if (!viewportOnly) await page.evaluate(() => window.scrollTo(0, 0));
        await saveScreenshot(page, `${shot}-${width}-${this.scheme}`, { fullPage: !viewportOnly });
      }
      const isPhone = width === PHONE_WIDTH;
      if (axe === 'both' || (axe === 'phone') === isPhone) await this.axe(isPhone ? `${what} at ${width}px` : what);
    }
    await setWidth(page, 1280);
  }

  /** Loaded (no spinner either), in this tour's scheme, and no wider than the window at `width`. */
  async settle(what: string, width: number): Promise<void> {
    // A bar without a value is a spinner: something still loading. One with a value (a sync at 25%) is content.
    await expect(this.page.locator('[role="progressbar"]:not([aria-valuenow])'), `${what} still loading`).toHaveCount(0);
    await settle(this.page, what, this.scheme, width);
  }

  /** axe on the page as it is now: a serious or critical violation fails the test once the tour ends. */
  async axe(what: string): Promise<void> {
    expect.soft(await seriousAxeViolations(this.page), `${what} (${this.scheme})`).toEqual([]);
  }

  /**
   * The first Tab stop of a page nothing has focused yet is "Skip to main content", out of sight
   * until it has focus; Enter moves focus to <main>, and the next Tab goes on from the content (into
   * it, or to the footer on a page with no controls), never back to the top bar or the menu. The
   * focus is let go afterwards, so later pictures show no focus ring.
   */
  async expectSkipLink(what: string): Promise<void> {
    const { page } = this;
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip, `${what}: hidden until it has focus`).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(skip, `the first Tab stop on ${what}`).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      if (document.querySelector('main')?.contains(active)) return 'main';
      return document.querySelector('footer')?.contains(active) ? 'footer' : (active?.outerHTML.slice(0, 80) ?? 'nothing');
    });
    expect(['main', 'footer'], `the Tab after skipping on ${what} went to ${where}`).toContain(where);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  }

  /** `element` alone at each width as e2e/screenshots/<name>-<width>-<scheme>.png (the calendar, a card). */
  async shootElement(element: Locator, name: string): Promise<void> {
    for (const width of TOUR_WIDTHS) {
      await setWidth(this.page, width);
      await expect(element).toBeVisible();
      await this.settle(name, width);
      await saveElementScreenshot(element, `${name}-${width}-${this.scheme}`);
    }
    await setWidth(this.page, 1280);
  }
}
