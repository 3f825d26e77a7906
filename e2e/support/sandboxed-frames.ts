/**
 * Playwright's own probe of every frame, refused by the preview's `sandbox=""` (no scripts): logged
 * under Playwright only, not in a plain Chromium (microsoft/playwright#33343). Any other console
 * error, a Content-Security-Policy refusal included, still fails the test.
 */
export const SANDBOX_PROBE = new RegExp(
  "^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed and the 'allow-scripts' permission is not set\\.$",
);
