// The bare endpoint `npm run bench:api` measures the forms service against: Koa, @koa/bodyparser and
// the newsletter schema compiled by ajv as the service compiles it, answering 201 `{id}` and keeping
// nothing. What the service does beyond this (logging, headers, storing durably) is what the ratio
// measures. Run as a child process, as the service is (bench-service.ts `startBare`).
import { randomUUID } from 'node:crypto'
import { bodyParser } from '@koa/bodyparser'
import { Ajv } from 'ajv'
import ajvErrors from 'ajv-errors'
import Koa from 'koa'
import { newsletterSchema } from '../contract/wire/newsletter.ts'

const ajv = new Ajv({ allErrors: true })
ajvErrors.default(ajv)
const validate = ajv.compile(newsletterSchema)

const app = new Koa()
app.use(bodyParser())
app.use((ctx) => {
  if (ctx.method !== 'POST' || ctx.path !== '/api/newsletter-subscription') return
  if (!validate(ctx.request.body)) {
    ctx.status = 422
    ctx.body = { errors: validate.errors }
    return
  }
  ctx.status = 201
  ctx.body = { id: randomUUID() }
})
const server = app.listen(Number(process.env.PORT ?? 0), () => {
  const address = server.address()
  if (address && typeof address === 'object') console.log(`listening on http://127.0.0.1:${address.port}`)
})
process.once('SIGTERM', () => server.close(() => process.exit(0)))
