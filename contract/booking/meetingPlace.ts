import type { FromSchema } from 'json-schema-to-ts'

// Where a consultation happens: content/booking.json's `place` names the ways the agency meets (a
// phone call to the visitor's number, a video room of the meeting's own, an address); with more than
// one, the visitor chooses on the form, and the first is theirs when they do not.

export const placeKinds = ['video', 'phone', 'address'] as const
export type PlaceKind = (typeof placeKinds)[number]

const line = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^\\r\\n]*\\S[^\\r\\n]*$' } as const

/** booking.json's `place`. */
export const placeSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['offer'],
  properties: {
    /** The ways offered, the default first; each needs its entry below. */
    offer: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: placeKinds } },
    /** `link`: the room's address, `{key}` replaced by a secret of the meeting's own ('https://meet.jit.si/bluebonnet-{key}'). */
    video: {
      type: 'object',
      additionalProperties: false,
      required: ['label', 'link'],
      properties: { label: line, link: { type: 'string', maxLength: 500, pattern: '^https://[^\\s{}]*\\{key\\}[^\\s{}]*$' } },
    },
    phone: { type: 'object', additionalProperties: false, required: ['label'], properties: { label: line } },
    address: { type: 'object', additionalProperties: false, required: ['label', 'address'], properties: { label: line, address: line } },
  },
} as const

export type PlaceSettings = FromSchema<typeof placeSettingsSchema>

/** The kinds offered without their entry: each a problem of booking.json at `/place/<kind>`. */
export const missingPlaces = (place: PlaceSettings): PlaceKind[] => place.offer.filter((kind) => place[kind] === undefined)

/** One way the form offers. */
export type PlaceChoice = { value: PlaceKind; label: string }

/** What the form offers when the visitor may choose: each way and its label, the default first; none when there is no choice. */
export function placeChoices(place: PlaceSettings): PlaceChoice[] {
  if (place.offer.length < 2) return []
  return place.offer.map((kind) => ({ value: kind, label: place[kind]?.label ?? kind }))
}

/** The way a meeting happens: the visitor's choice when it is still offered, else the default. */
export const placeKindOf = (place: PlaceSettings, chosen: string | undefined): PlaceKind => place.offer.find((kind) => kind === chosen) ?? place.offer[0]!

/** A meeting's place as emails and calendars say it. */
export interface MeetingPlace {
  kind: PlaceKind
  /** 'Video call: https://meet.jit.si/bluebonnet-3f…', 'Phone call: 214-555-0142', 'At our office: 1 Elm St, Dallas'. */
  text: string
  /** The calendar entry's LOCATION: the room's address, the number, the address. */
  location: string
  /** The video room, the calendar entry's URL. */
  url?: string
}

/**
 * The place of one meeting: `phone` is the visitor's number, `roomKey` the meeting's own secret for
 * the video room's address.
 */
export function meetingPlace(place: PlaceSettings, kind: PlaceKind, meeting: { phone: string; roomKey: string }): MeetingPlace {
  const said = (label: string, detail: string) => ({ kind, text: `${label}: ${detail}`, location: detail })
  switch (kind) {
    case 'video': {
      const url = place.video!.link.replace('{key}', meeting.roomKey)
      return { ...said(place.video!.label, url), url }
    }
    case 'phone':
      return said(place.phone!.label, meeting.phone)
    case 'address':
      return said(place.address!.label, place.address!.address)
  }
}
