// How the cancel and reschedule pages work without JavaScript. The built page is the same for every
// link, so its <noscript> form cannot know the link's token; the forms service, serving the page for
// `?token=…`, puts the token in the form where this marker is (forms-service/middleware/meetingLinkPages.ts).
// The form then posts to the service like any HTML form, which answers 303 to a result page of urls.ts.

/** Replaced by `<input type="hidden" name="token" value="…">` with the link's token, escaped. */
export const meetingTokenMarker = '<!--meeting-token-->'
