import type { FormName } from './api'

// The site's pages for the forms without JavaScript. The forms service redirects a stored post to the
// form's thank-you page and answers an invalid one with the error page, its list where the marker is.

/** The consultation request as a page: where the consultation buttons lead without JavaScript. */
export const consultationPagePath = '/consultation'

/** '/thank-you/contact' */
export const thankYouPath = (form: FormName) => `/thank-you/${form}`

/** dist/forms/error/index.html */
export const formErrorPath = '/forms/error'

/** Replaced by the service with the list of messages (`<ul><li>Name is required</li>…</ul>`). */
export const formErrorsMarker = '<!--form-errors-->'
