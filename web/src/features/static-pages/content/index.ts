import { cookieNotice } from './cookie-notice';
import { privacyNotice } from './privacy-notice';
import { termsAndConditions } from './terms-and-conditions';
import type { StaticPageContent } from './types';

/** The only static pages that exist (docs/product.md); any other name is not found. */
export const STATIC_PAGES = {
  'cookie-notice': cookieNotice,
  'privacy-notice': privacyNotice,
  'terms-and-conditions': termsAndConditions,
} as const satisfies Record<string, StaticPageContent>;

export type StaticPageName = keyof typeof STATIC_PAGES;

export function isStaticPageName(name: string): name is StaticPageName {
  return Object.hasOwn(STATIC_PAGES, name);
}
