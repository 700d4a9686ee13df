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

/**
 * The hrefs of the no-JS thank-you's Add to calendar links as built; the forms service serving the page
 * for a booking writes the meeting's addresses over them (thankYouMeeting.ts), and the page hides the
 * links while they still point here (a static host, or no booking).
 */
export const calendarLinkPlaceholders = { google: '#calendar-google', outlook: '#calendar-outlook', ics: '#calendar-ics' } as const

// The date input of /consultation/ without JavaScript: the days it may take depend on today, and the page
// is built once. The forms service serving the page replaces this attribute with `min` and `max` (the first
// and last day a visitor may book, in Dallas); a static host serves it as it is, an attribute that does nothing.

/** The attribute the built page's date input carries, as React writes it. */
export const offeredDatesMarker = 'data-offered-dates=""'
