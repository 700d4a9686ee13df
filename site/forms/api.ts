import { api, pathOf, type AnswerOf, type BodyOf, type Endpoint, type FormName, type PathParams } from '../../contract/wire/api'

/**
 * The forms service's origin. Empty when the site and the API share one; build configuration
 * (VITE_API_URL) when the static site is hosted elsewhere.
 */
export const apiBase: string = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? ''

/**
 * A non-OK answer. The message reads "status: body", the status text standing in for an empty body;
 * `fields` are the service's messages per field of a refused form (`{ error, fields }`), if any, and
 * `body` is the parsed JSON body (undefined for one that is not JSON).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly body?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/**
 * The service's own sentence for a refusal (`{ error }`), written for the person who asked: "Only an owner can do
 * this: ask an owner of the desk". Undefined for any other failure, whose words are the screen's.
 */
export function serviceMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  const message: unknown = (error.body as { error?: unknown } | null | undefined)?.error
  return typeof message === 'string' && message !== '' ? message : undefined
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The `fields` of a JSON error body, strings only; none for anything else. */
function fieldsOf(body: unknown): Record<string, string> {
  const fields: unknown = (body as { fields?: unknown } | null | undefined)?.fields
  if (typeof fields !== 'object' || fields === null) return {}
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

async function failure(response: Response): Promise<ApiError> {
  const text = (await response.text().catch(() => '')) || response.statusText
  const body = parsedJson(text)
  return new ApiError(response.status, `${response.status}: ${text}`, fieldsOf(body), body)
}

/** What a call of `endpoint` takes: its path's parameters (when it has some), its JSON body, extra headers. */
export type RequestOf<E extends Endpoint> = {
  body?: BodyOf<E>
  headers?: Record<string, string>
  /** The query string. */
  search?: URLSearchParams
  /** The browser's HTTP cache for this call ('no-store', 'reload'…). */
  cache?: RequestCache
} & (keyof PathParams<E['path']> extends never ? { params?: undefined } : { params: PathParams<E['path']> })

/** The path of `endpoint` (contract/wire/api.ts) with its parameters and an optional query string. */
export function apiPath<E extends Endpoint>(endpoint: E, params?: PathParams<E['path']>, search?: URLSearchParams): string {
  const path = pathOf(endpoint.path, params ?? ({} as PathParams<E['path']>))
  const query = search?.toString()
  return query ? `${path}?${query}` : path
}

/**
 * Calls `endpoint` with credentials (the admin session cookie) and fails on any non-OK answer. Every
 * change is sent as JSON, also one without a body: no cross-site form can send that content type.
 */
export const apiRequest = <E extends Endpoint>(endpoint: E, request: RequestOf<E> = {} as RequestOf<E>): Promise<Response> =>
  send(endpoint.method, apiPath(endpoint, request.params, request.search), request.body, request.headers, request.cache)

/** The one fetch of the API: credentials, JSON both ways, a non-OK answer thrown as an ApiError. */
async function send(method: string, path: string, body: unknown, headers?: Record<string, string>, cache?: RequestCache): Promise<Response> {
  const response = await fetch(apiBase + path, {
    method,
    credentials: 'include',
    ...(cache ? { cache } : {}),
    headers: {
      ...(method === 'GET' ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw await failure(response)
  return response
}

/** Calls `endpoint` and reads its answer, of the type the contract declares. */
export const apiJson = async <E extends Endpoint>(endpoint: E, request?: RequestOf<E>): Promise<AnswerOf<E>> =>
  (await (await apiRequest(endpoint, request)).json()) as AnswerOf<E>

export { formNames, type FormName } from '../../contract/wire/api'

/** The `action` of a form's HTML: where the browser posts it natively, before or without JavaScript. */
export const formAction = (form: FormName) => apiBase + api.forms[form].path

/**
 * The default data loader: GET the first element of the query key (a path of the API) with credentials
 * and parse JSON. With `on401: 'returnNull'` a 401 yields null instead of failing (the admin screen then
 * asks to sign in). `answerOf(endpoint)` types it as the endpoint's answer.
 */
export function getQueryFn<T>(options: { on401: 'throw' | 'returnNull' }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const response = await fetch(apiBase + String(queryKey[0]), { credentials: 'include', headers: { Accept: 'application/json' } })
    if (options.on401 === 'returnNull' && response.status === 401) return null
    if (!response.ok) throw await failure(response)
    return (await response.json()) as T
  }
}

/** The loader of a GET `endpoint`, typed as its answer; null on 401 (the admin is signed out). */
export const answerOf = <E extends Endpoint>(_endpoint: E) => getQueryFn<AnswerOf<E>>({ on401: 'returnNull' })
