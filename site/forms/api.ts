/**
 * The forms service's origin. Empty when the site and the API share one; build configuration
 * (VITE_API_URL) when the static site is hosted elsewhere.
 */
export const apiBase: string = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? ''

/**
 * A non-OK answer. The message reads "status: body", the status text standing in for an empty body;
 * `fields` are the service's messages per field of a refused form (`{ error, fields }`), if any.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The `fields` of a JSON error body, strings only; none for anything else. */
function fieldsOf(body: string): Record<string, string> {
  try {
    const fields: unknown = JSON.parse(body)?.fields
    if (typeof fields !== 'object' || fields === null) return {}
    return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  } catch {
    return {}
  }
}

async function failure(response: Response): Promise<ApiError> {
  const body = (await response.text().catch(() => '')) || response.statusText
  return new ApiError(response.status, `${response.status}: ${body}`, fieldsOf(body))
}

/**
 * Sends a request with credentials (the admin session cookie) and fails on any non-OK answer. Every
 * change is sent as JSON, also one without a body: no cross-site form can send that content type.
 */
export async function apiRequest(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const response = await fetch(apiBase + path, {
    method,
    credentials: 'include',
    headers: { ...(method === 'GET' ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw await failure(response)
  return response
}

export const postJson = (path: string, body: unknown, headers?: Record<string, string>) => apiRequest('POST', path, body, headers)

/** The service's POST of each visitor form. */
export const formPaths = {
  consultation: '/api/consultation',
  contact: '/api/contact',
  newsletter: '/api/newsletter-subscription',
} as const

export type FormName = keyof typeof formPaths

/** The `action` of a form's HTML: where the browser posts it natively, before or without JavaScript. */
export const formAction = (form: FormName) => apiBase + formPaths[form]

/**
 * The default data loader: GET the first element of the query key with credentials and parse
 * JSON. With `on401: 'returnNull'` a 401 yields null instead of failing (the admin screen then asks to sign in).
 */
export function getQueryFn<T>(options: { on401: 'throw' | 'returnNull' }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const response = await fetch(apiBase + String(queryKey[0]), { credentials: 'include', headers: { Accept: 'application/json' } })
    if (options.on401 === 'returnNull' && response.status === 401) return null
    if (!response.ok) throw await failure(response)
    return (await response.json()) as T
  }
}
