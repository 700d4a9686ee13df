import { describe, expect, it } from 'vitest'
import { redactPath } from './redact.js'

describe('redactPath', () => {
  it('hides the feed secret and the token and booking parameters, and keeps everything else', () => {
    expect(redactPath('/api/calendar/abc_DEF-123.ics')).toBe('/api/calendar/[redacted]')
    expect(redactPath('/api/calendar/')).toBe('/api/calendar/')
    expect(redactPath('/meeting/cancel/?token=m.1.sig&x=1')).toBe('/meeting/cancel/?token=[redacted]&x=1')
    expect(redactPath('/api/newsletter/unsubscribe?a=b&TOKEN=t%2Fu')).toBe('/api/newsletter/unsubscribe?a=b&TOKEN=[redacted]')
    expect(redactPath('/thank-you/consultation/?booking=ref')).toBe('/thank-you/consultation/?booking=[redacted]')
    expect(redactPath('/api/admin/inbox?mytoken=kept')).toBe('/api/admin/inbox?mytoken=kept')
    expect(redactPath('/api/contact')).toBe('/api/contact')
  })
})
