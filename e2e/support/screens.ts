import { expect, type Locator, type Page } from '@playwright/test';

/** A value of the email page's Delivery block, by its label. */
export const deliveryFact = (page: Page, label: string): Locator => page.getByRole('region', { name: 'Delivery' }).locator(`dt:text-is("${label}") + dd`);

/** A dialog faded in whole, so its picture is not a half-drawn frame. */
export const dialogShown = (page: Page): Promise<void> => expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
