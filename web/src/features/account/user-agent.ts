/** A browser and system named from a User-Agent header, as a person would say them ("Firefox on Windows"). */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'An unknown browser';
  const browser = browserOf(userAgent);
  const system = systemOf(userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'An unknown browser');
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

// iPhone and iPad before Mac OS X, which they also mention; Android before Linux.
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

function browserOf(userAgent: string): string | undefined {
  return BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
}

function systemOf(userAgent: string): string | undefined {
  return SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
}
