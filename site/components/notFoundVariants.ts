export type NotFoundVariant = 'page' | 'service' | 'case-study'

/** The path prefix each variant answers for on a host that serves one 404.html for everything. */
export const notFoundPrefixes: Record<NotFoundVariant, string> = { page: '/', service: '/service/', 'case-study': '/case-study/' }
