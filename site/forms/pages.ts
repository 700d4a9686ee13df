// The forms service answers an invalid post without JavaScript with the site's error page (urls.formError),
// its list of messages where this marker is.

/** Replaced by the service with the list of messages (`<ul><li>Name is required</li>…</ul>`). */
export const formErrorsMarker = '<!--form-errors-->'
