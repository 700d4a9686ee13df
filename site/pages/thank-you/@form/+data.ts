import { render } from 'vike/abort'
import { siteContent } from '../../../content/siteContent'
import type { UiStrings } from '../../../content/ui'
import { formNames, type FormName } from '../../../forms/api'
import { pageData } from '../../pageData'

// The success messages: the same words the forms show in place with JavaScript.
const thanks = (ui: UiStrings): Record<FormName, { title: string; text?: string }> => ({
  consultation: { title: ui.consultation.successTitle, text: ui.consultation.successText },
  contact: { title: ui.contactForm.success },
  newsletter: { title: ui.newsletter.successTitle, text: ui.newsletter.successText },
})

const isFormName = (name: string): name is FormName => (formNames as string[]).includes(name)

// Not in sitemap.xml: a visitor arrives here only from a form.
export const data = pageData(async (pageContext) => {
  const { ui } = siteContent(pageContext.globalContext)
  const form = pageContext.routeParams.form ?? ''
  if (!isFormName(form)) throw render(404)
  const { title, text } = thanks(ui)[form]
  return {
    title,
    text,
    backHome: ui.formPages.backHome,
    /** The consultation's page shows the meeting's exact time, which the service writes in (contract/wire/meetingPages.ts). */
    meetingTime: form === 'consultation',
    /** Add to calendar, whose addresses the service writes in with the time. */
    calendar:
      form === 'consultation'
        ? {
            addToCalendar: ui.consultation.addToCalendar,
            calendarGoogle: ui.consultation.calendarGoogle,
            calendarOutlook: ui.consultation.calendarOutlook,
            calendarIcs: ui.consultation.calendarIcs,
          }
        : null,
  }
})

export type Data = Awaited<ReturnType<typeof data>>
