import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Middleware } from 'koa'
import type { FormName } from '../../contract/wire/api.js'
import { formErrorsMarker } from '../../contract/forms/fieldErrors.js'
import { bookingReferenceParameter } from '../../contract/wire/meetingPages.js'
import { urls } from '../../contract/wire/urls.js'
import { bookingReference } from '../email/meetingLinks.js'
import { isHtmlForm } from './formBody.js'
import { escapeHtml } from './escapeHtml.js'
import { answersWithPage } from './errors.js'

export interface FormPages {
  /** Where a valid form sends the visitor (303); a booked consultation's page also names its meeting (`recordId`). */
  thankYou(form: FormName, recordId?: string): string
  /** The page listing what is wrong, for a form that is not. */
  problems(messages: string[]): string
}

/**
 * Pages for HTML forms: the thank-you pages of the site at `siteUrl` (or this origin), the consultation's
 * with a signed reference of the request (`secret`) that thankYouMeeting reads, and the site's error page
 * (`<siteDir>/forms/error/index.html`, built from content) with the problems filled in. Without the built
 * site, a bare page with the same list.
 */
export function formPages(siteUrl: string | null, siteDir: string | null, secret: string): FormPages {
  const template = siteDir ? readTemplate(path.join(siteDir, 'forms', 'error', 'index.html')) : null
  return {
    thankYou(form, recordId) {
      const page = `${siteUrl ?? ''}${urls.thankYou(form)}/`
      if (form !== 'consultation' || !recordId) return page
      return `${page}?${new URLSearchParams({ [bookingReferenceParameter]: bookingReference(secret, recordId) })}`
    },
    problems(messages) {
      const list = `<ul>${messages.map((message) => `<li>${escapeHtml(message)}</li>`).join('')}</ul>`
      if (template) return template.replace(formErrorsMarker, list)
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>There is a problem</title></head><body><main><h1>There is a problem</h1><div role="alert" tabindex="-1" autofocus>${list}</div><p>Use your browser's Back button to correct the form: what you typed is kept.</p></main></body></html>`
    },
  }
}

function readTemplate(file: string): string | null {
  try {
    const html = readFileSync(file, 'utf8')
    return html.includes(formErrorsMarker) ? html : null
  } catch {
    return null
  }
}

/**
 * How an HTML form (no JavaScript) is answered, around the same chain as a JSON post: success becomes
 * `303` to the thank-you page; a refusal is the error page with the same messages and status (errors.ts,
 * `answersWithPage`). Scripts get JSON as before.
 */
export function htmlFormAnswers(form: FormName, pages: FormPages): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || !isHtmlForm(ctx)) return next()
    await answersWithPage(ctx, next)
    if (ctx.status === 201) {
      ctx.status = 303
      ctx.redirect(pages.thankYou(form, typeof ctx.state.recordId === 'string' ? ctx.state.recordId : undefined))
    }
  }
}
