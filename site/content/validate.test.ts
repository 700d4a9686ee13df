import { Ajv } from 'ajv'
import { expect, it, vi } from 'vitest'
import { ContentProblems } from '../../contract/content/problems.ts'
import { type ValidationMemo, validate } from './validate.ts'

const memo = (): ValidationMemo & { keys: Set<string> } => {
  const keys = new Set<string>()
  return { keys, has: (key) => keys.has(key), add: (key) => void keys.add(key) }
}
const titled = { type: 'object', additionalProperties: false, required: ['title'], properties: { title: { type: 'string', minLength: 1 } } }

it('remembers data that passed, not data that failed, and reports the failure every time', () => {
  const passed = memo()
  const problems = new ContentProblems()
  expect(validate(titled, { title: 'Hello' }, 'a.md', problems, passed)).toBe(true)
  expect(passed.keys.size).toBe(1)
  expect(validate(titled, { title: '' }, 'b.md', problems, passed)).toBe(false)
  expect(validate(titled, { title: '' }, 'b.md', problems, passed)).toBe(false)
  expect(passed.keys.size).toBe(1)
  expect(problems.count).toBe(2)
  // The same data against another schema is another pair.
  const numbered = { ...titled, properties: { title: { type: 'number' } } }
  expect(validate(numbered, { title: 'Hello' }, 'a.md', problems, passed)).toBe(false)
  // A number JSON cannot write is not taken for null.
  const nullable = { type: 'object', properties: { n: { type: 'null' } } }
  expect(validate(nullable, { n: null }, 'c.md', problems, passed)).toBe(true)
  expect(validate(nullable, { n: Number.NaN }, 'c.md', problems, passed)).toBe(false)
  // Nor for an object that a tag would have written the same way.
  const tagged = { type: 'object', properties: { n: { type: 'object' } } }
  expect(validate(tagged, { n: { number: 'NaN' } }, 'd.md', problems, passed)).toBe(true)
  expect(validate(tagged, { n: Number.NaN }, 'd.md', problems, passed)).toBe(false)
})

it('answers from the memo without compiling the schema', () => {
  const passed = memo()
  expect(validate({ ...titled }, { title: 'Hello' }, 'a.md', new ContentProblems(), passed)).toBe(true)
  // The same schema as a new object, as a later build has it: the compiled function is kept by object.
  const compile = vi.spyOn(Ajv.prototype, 'compile')
  try {
    expect(validate({ ...titled }, { title: 'Hello' }, 'a.md', new ContentProblems(), passed)).toBe(true)
    expect(compile).not.toHaveBeenCalled()
    expect(validate({ ...titled }, { title: 'Changed' }, 'a.md', new ContentProblems(), passed)).toBe(true)
    expect(compile).toHaveBeenCalledTimes(1)
  } finally {
    compile.mockRestore()
  }
})
