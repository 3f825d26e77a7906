/** Debian's Chromium, installed by scripts/ensure-chromium.sh; CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this sandbox needs: no GPU, no sandbox as root, no calls to the outside world. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
