import { createRequire } from 'node:module'
import path from 'node:path'
import { Ajv } from 'ajv'
import ajvErrors from 'ajv-errors'
import standaloneCode from 'ajv/dist/standalone/index.js'
import type { Plugin } from 'vite'
import { consultationSchema } from '../contract/wire/consultation.js'
import { contactSchema } from '../contract/wire/contact.js'
import { newsletterSchema } from '../contract/wire/newsletter.js'

const id = 'virtual:form-validators/'
const memo = Symbol.for('site.formValidatorsCode')
const schemaDir = path.resolve('contract')

const formSchemas = { consultation: consultationSchema, contact: contactSchema, newsletter: newsletterSchema }
export type ValidatedForm = keyof typeof formSchemas
const isValidatedForm = (name: string): name is ValidatedForm => Object.hasOwn(formSchemas, name)

/**
 * The forms service's JSON Schemas as ajv standalone code (ESM), so the browser validates with the
 * same rules and messages without shipping the ajv compiler; one module per form, so that a page with
 * the newsletter form loads no consultation rules (a module shared by three islands' chunks would be
 * kept whole in each):
 *
 *     import { consultation } from 'virtual:form-validators/consultation'
 *     consultation(values) // false, with consultation.errors set
 */
export function formValidatorsCode(forms: readonly ValidatedForm[] = Object.keys(formSchemas) as ValidatedForm[]): string {
  const schemas = forms.map((form) => withoutTiming(formSchemas[form]))
  const key = JSON.stringify(schemas)
  const known = madeCode.get(key)
  if (known !== undefined) return known
  const ajv = new Ajv({
    allErrors: true, // ajv-errors needs every error to map them to messages
    code: { source: true, esm: true, lines: false },
    schemas,
  })
  ajvErrors(ajv)
  const code = inlineRuntime(standaloneCode(ajv, Object.fromEntries(forms.map((form) => [form, form]))))
  madeCode.set(key, code)
  return code
}

/**
 * The code made in this process, by the schemas it was made from. A build's client and server code each load
 * the module through a load of the Vite config of their own, so a memo of this module would not be shared
 * (compiling the schemas is ~0.1 s each time).
 */
const processWide = globalThis as { [memo]?: Map<string, string> }
processWide[memo] ??= new Map()
const madeCode = processWide[memo]

/**
 * The browser checks what a visitor typed; `_elapsedMs` (contract/forms/fields.ts formTiming) and `source`
 * (contract/wire/source.ts, normalised by normalSource rather than checked) are added by the widget as it
 * sends, so their rules would only be bytes on every page that has a form.
 */
function withoutTiming<S extends { properties: object }>(schema: S): S {
  const { _elapsedMs: _timing, source: _source, ...properties } = schema.properties as Record<string, unknown>
  return { ...schema, properties }
}

const require = createRequire(import.meta.url)

/**
 * ajv's standalone output still `require`s its small runtime helpers (ajv/dist/runtime/*) even in ESM
 * mode, which a browser cannot load. The ones our schemas use are single dependency-free functions, so
 * each is inlined from its own source; anything else fails the build.
 */
function inlineRuntime(code: string): string {
  const helpers = new Map<string, string>()
  const rewritten = code.replace(/require\("(ajv\/dist\/runtime\/[a-z0-9]+)"\)\.(\w+)/gi, (_match, module: string, member: string) => {
    const name = `__ajv_${path.basename(module)}_${member}`
    if (!helpers.has(name)) {
      const helper: unknown = require(module)[member]
      const source = typeof helper === 'function' ? helper.toString() : ''
      if (!/^function\s*\w*\(/.test(source) || /\brequire\(|\bexports\b/.test(source)) {
        throw new Error(`formValidators: cannot inline ajv runtime helper ${module}.${member}; adjust the schema or the plugin`)
      }
      helpers.set(name, `const ${name} = ${source};`)
    }
    return name
  })
  if (/\brequire\(/.test(rewritten)) throw new Error('formValidators: standalone code still requires a module')
  return [...helpers.values(), rewritten].join('\n')
}

/** Vite plugin serving `virtual:form-validators/<form>`; a dev server restarts when a schema changes. */
export function formValidators(): Plugin {
  return {
    name: 'form-validators',
    resolveId: (source) => (source.startsWith(id) && isValidatedForm(source.slice(id.length)) ? `\0${source}` : undefined),
    load(loaded) {
      const form = loaded.startsWith(`\0${id}`) ? loaded.slice(id.length + 1) : ''
      return isValidatedForm(form) ? formValidatorsCode([form]) : undefined
    },
    configureServer(server) {
      server.watcher.add(schemaDir)
      server.watcher.on('change', (file) => {
        if (file.startsWith(schemaDir + path.sep)) void server.restart()
      })
    },
  }
}
