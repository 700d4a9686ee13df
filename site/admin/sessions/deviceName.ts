// A session's device is the User-Agent its browser sent (contract/wire/people.ts): for the person to tell
// their browsers apart, its browser and system are enough. The order matters: Edge's and Opera's agents name
// Chrome too, Chrome's names Safari, and every iPhone's names "like Mac OS X".
// 'Mozilla/5.0 (X11; Linux x86_64) … HeadlessChrome/131.0.0.0 Safari/537.36' -> { browser: 'Chrome', os: 'Linux' }

const browsers: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]

const systems: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
]

const first = (table: [RegExp, string][], agent: string) => table.find(([pattern]) => pattern.test(agent))?.[1]

/** The browser and the system a User-Agent names; undefined when it names neither as we know them. */
export function deviceName(agent: string): { browser: string; os: string } | undefined {
  const browser = first(browsers, agent)
  const os = first(systems, agent)
  return browser && os ? { browser, os } : undefined
}
