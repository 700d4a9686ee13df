import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildEnvironmentProblems, loadEnvironment, portOf, unsetEmpty } from './environment.js'

const names = ['ENV_TEST_FROM_FILE', 'ENV_TEST_SHELL', 'ENV_TEST_EMPTY', 'ENV_TEST_BLANK_IN_SHELL']
afterEach(() => {
  for (const name of names) delete process.env[name]
})

describe('the environment of npm start, npm run dev and the build', () => {
  it('reads .env when there is one, the shell winning, and an empty variable is unset', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'env-file-'))
    try {
      expect(loadEnvironment(path.join(dir, '.env'))).toBe(false)
      fs.writeFileSync(path.join(dir, '.env'), '# a comment\nENV_TEST_FROM_FILE=from the file\nENV_TEST_SHELL=from the file\nENV_TEST_EMPTY=\n')
      process.env.ENV_TEST_SHELL = 'from the shell'
      process.env.ENV_TEST_BLANK_IN_SHELL = '  '
      expect(loadEnvironment(path.join(dir, '.env'))).toBe(true)
      expect(process.env.ENV_TEST_FROM_FILE).toBe('from the file')
      expect(process.env.ENV_TEST_SHELL).toBe('from the shell')
      expect('ENV_TEST_EMPTY' in process.env).toBe(false)
      expect('ENV_TEST_BLANK_IN_SHELL' in process.env).toBe(false)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('drops empty variables from any environment', () => {
    const env: NodeJS.ProcessEnv = { SITE_URL: '', VITE_API_URL: ' ', PORT: '3001' }
    unsetEmpty(env)
    expect(env).toEqual({ PORT: '3001' })
  })

  it('names a bad address variable and its fix', () => {
    expect(buildEnvironmentProblems({})).toEqual([])
    expect(buildEnvironmentProblems({ SITE_URL: 'https://www.example.com/', VITE_API_URL: 'http://127.0.0.1:8080' })).toEqual([])
    expect(buildEnvironmentProblems({ SITE_URL: 'www.example.com', VITE_API_URL: 'ftp://example.com' })).toEqual([
      `SITE_URL must be an http(s) address like https://www.example.com (got "www.example.com"); leave it empty to use content/site.json's url`,
      `VITE_API_URL must be an http(s) address like https://www.example.com (got "ftp://example.com"); leave it empty to use the site's own origin (the forms service serving the site)`,
    ])
    expect(buildEnvironmentProblems({ CONTENT_DIR: os.tmpdir() })).toEqual([])
    const missing = path.join(os.tmpdir(), 'no-such-content-folder')
    expect(buildEnvironmentProblems({ CONTENT_DIR: missing })).toEqual([`CONTENT_DIR's folder ${missing} does not exist; leave it empty to use content/`])
  })

  it('reads PORT, or names it when it is not a port', () => {
    expect(portOf({}, 3000)).toBe(3000)
    expect(portOf({ PORT: '' }, 3000)).toBe(3000)
    expect(portOf({ PORT: '4000' }, 3000)).toBe(4000)
    for (const bad of ['abc', '70000', '-1', '1.5'])
      expect(() => portOf({ PORT: bad }, 3000)).toThrow(`PORT must be a whole number from 0 to 65535 (got "${bad}")`)
  })
})
