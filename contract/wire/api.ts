import type { ConsultationRequest } from './consultation.js'
import type {
  Availability,
  ConsultationCreated,
  ConsultationHoldRequest,
  MeetingChanged,
  MeetingRescheduleRequest,
  MeetingCancelRequest,
  MeetingView,
} from './meetingApi.js'
import type { ContactRequest } from './contact.js'
import type { NewsletterRequest } from './newsletter.js'
import type { EndpointScope } from './apiTokens.js'
import type { EndpointRole } from './people.js'

// Every endpoint of the forms service, declared once: its method, its path, the schema of what it
// takes, and the type of what it answers. The service's routers register these (forms-service/routes)
// and the site's client calls them (site/forms/api.ts, the admin islands); neither writes a path.

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

declare const types: unique symbol

/** An endpoint; `Answer` and `Body` are types only (what a 2xx answers, what it takes as JSON). */
export interface Endpoint<Answer = unknown, Body = unknown> {
  readonly method: Method
  /** Koa-router's form: '/api/admin/consultations/:id'. */
  readonly path: string
  /** The JSON Schema of the body, when the service validates it. */
  readonly body?: object
  /** The JSON Schema of the query string. */
  readonly query?: object
  /** What an API token needs to call it (an admin endpoint's; adminApi.ts requires one). */
  readonly scope?: EndpointScope
  /** Who at the desk may call it (an admin endpoint's; adminApi.ts requires one): contract/wire/people.ts roles. */
  readonly role?: EndpointRole
  readonly [types]?: { answer: Answer; body: Body }
}

export type AnswerOf<E> = E extends { readonly [types]?: { answer: infer A } } ? A : never
export type BodyOf<E> = E extends { readonly [types]?: { body: infer B } } ? B : never

/** `endpoint<Answer, Body>()({ method, path, … })`: the declaration with its types attached. */
export const endpoint =
  <Answer, Body = never>() =>
  <const E extends { method: Method; path: string; body?: object; query?: object; scope?: EndpointScope; role?: EndpointRole }>(
    declaration: E,
  ): E & Endpoint<Answer, Body> =>
    declaration

/** The parameters a path names: '/api/admin/emails/:id/resend' -> { id: string }. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>

/** A path with its parameters filled in (encoded): pathOf('/api/admin/emails/:id/resend', { id: 'a b' }) is '/api/admin/emails/a%20b/resend'. */
export function pathOf<P extends string>(path: P, params: PathParams<P>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name] ?? ''))
}

/** 201 of a stored form. */
export type Created = { id: string }

/**
 * The public endpoints carry their bodies' types but not their schemas: every page that sends a form
 * imports these declarations, and would ship every schema with them; the service validates with the
 * schemas of contract/ (forms-service/validators.ts), the browser with their precompiled validators.
 */
export const api = {
  /** The visitor forms: JSON from the widgets, or urlencoded from a plain HTML form. */
  forms: {
    consultation: endpoint<ConsultationCreated, ConsultationRequest>()({ method: 'POST', path: '/api/consultation' }),
    contact: endpoint<Created, ContactRequest>()({ method: 'POST', path: '/api/contact' }),
    newsletter: endpoint<Created, NewsletterRequest>()({ method: 'POST', path: '/api/newsletter-subscription' }),
  },
  /** The welcome email's one-click unsubscribe (token in the query) and the site's unsubscribe page (JSON `{ token }`). */
  unsubscribe: endpoint<{ unsubscribed: true }, { token: string }>()({ method: 'POST', path: '/api/newsletter/unsubscribe' }),
  health: endpoint<{ status: 'ok' | 'unavailable' }>()({ method: 'GET', path: '/healthz' }),
  /** A booked consultation from the visitor's side: the signed links of its emails act on it. */
  meetings: {
    /** Which windows of the bookable days still have room. Public, cacheable for a minute. */
    availability: endpoint<Availability>()({ method: 'GET', path: '/api/availability' }),
    /** `?token=`: the meeting a signed link is for, in whatever state it is. */
    meeting: endpoint<MeetingView>()({ method: 'GET', path: '/api/meeting' }),
    cancel: endpoint<MeetingChanged, MeetingCancelRequest>()({ method: 'POST', path: '/api/meeting/cancel' }),
    reschedule: endpoint<MeetingChanged, MeetingRescheduleRequest>()({ method: 'POST', path: '/api/meeting/reschedule' }),
    /**
     * The hold link's `{ token }` (urls.consultationHold): a request kept without a time (the booking
     * challenge, contract/wire/challenge.ts) gets its meeting, the first free start of the window it asked for.
     */
    hold: endpoint<ConsultationCreated, ConsultationHoldRequest>()({ method: 'POST', path: '/api/consultation/hold' }),
    /** The agency's private calendar feed, `<secret>.ics`: the secret is the address. */
    calendarFeed: endpoint<string>()({ method: 'GET', path: '/api/calendar/:file' }),
  },
} as const

/** The visitor forms by the name of their thank-you page (`/thank-you/<name>/`). */
export type FormName = keyof typeof api.forms
export const formNames = Object.keys(api.forms) as FormName[]

/** What the admin's API paths start with: the session cookie is sent to these only. */
export const adminApiPrefix = '/api/admin'
/** What every path of the API but /healthz starts with. */
export const apiPrefix = '/api/'
