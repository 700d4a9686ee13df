// How the cancel and reschedule pages work without JavaScript. The built page is the same for every
// link, so its <noscript> form cannot know the link's token; the forms service, serving the page for
// `?token=…`, puts the token in the form where this marker is (forms-service/middleware/meetingLinkPages.ts).
// The form then posts to the service like any HTML form, which answers 303 to a result page of urls.ts.

/** Replaced by `<input type="hidden" name="token" value="…">` with the link's token, escaped. */
export const meetingTokenMarker = '<!--meeting-token-->'

// The consultation's thank-you page without JavaScript: the form posted natively is answered with 303 to
// `/thank-you/consultation/?booking=<signed reference>` (nothing personal: the request's id and a MAC),
// and the forms service, serving that page, writes the meeting's exact time where this marker is
// (forms-service/middleware/thankYouMeeting.ts). With JavaScript the dialog shows the same in place.

/** Replaced by `<time datetime="…">Wednesday, November 25 · 9:30–10:00 AM Central time (Dallas)</time>`. */
export const meetingTimeMarker = '<!--meeting-time-->'

/** The thank-you page's query parameter holding the signed reference of the booked request. */
export const bookingReferenceParameter = 'booking'
