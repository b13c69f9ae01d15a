/**
 * A session's device as people read it ("Firefox on Linux"), from the User-Agent header: the
 * browser and system a list of sessions needs to tell them apart, never the whole header.
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^node-fetch|^undici|^node\b/i, 'Node.js'],
  [/^python-requests|^python-httpx|^aiohttp/i, 'Python'],
  [/^PostmanRuntime\//, 'Postman'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** At most this many characters of a header that names no known browser. */
const RAW_MAX = 60;

export function describeUserAgent(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').trim();
  if (ua === '') return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  // eslint-disable-next-line no-control-regex -- control characters never reach the screen
  const printable = ua.replace(/[\u0000-\u001f\u007f]/g, ' ');
  const shortened = printable.length > RAW_MAX ? `${printable.slice(0, RAW_MAX - 1)}…` : printable;
  return system ? `${shortened} (${system})` : shortened;
}
