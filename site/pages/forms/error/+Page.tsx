import { PagePanel } from '../../../components/PagePanel'
import { formErrorsMarker } from '../../../../contract/forms/fieldErrors'
import { Button } from '../../../ui/button'
import { urls } from '../../../../contract/wire/urls'
import type { Data } from './+data'

/**
 * The page the forms service answers an invalid post with (400), its messages put in place of
 * formErrorsMarker. The summary takes focus without script (`autofocus`), as GOV.UK's does; Back
 * returns to the form with what the visitor typed, and a button says so once script runs.
 */
export default function Page({ data }: { data: Data }) {
  const { ui } = data
  return (
    <PagePanel>
      <div
        id="error-summary"
        role="alert"
        tabIndex={-1}
        // biome-ignore lint/a11y/noAutofocus: the error summary takes focus without script, as GOV.UK's does (see above)
        autoFocus
        className="rounded-2xl border-2 border-destructive bg-card p-6 shadow-sm outline-none focus-visible:ring-4 focus-visible:ring-destructive/30 sm:p-8"
      >
        <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{ui.errorTitle}</h1>
        {/* React renders no comments: the marker goes in as HTML. */}
        <div
          className="mt-4 text-base font-medium text-destructive-strong [&_li+li]:mt-2 [&_ul]:list-disc [&_ul]:pl-5"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant marker, replaced by the service with its escaped messages
          dangerouslySetInnerHTML={{ __html: formErrorsMarker }}
        />
      </div>
      <p className="mt-6 text-lg leading-8 text-body">{ui.errorText}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button type="button" hidden data-history-back="">
          {ui.errorBack}
        </Button>
        <Button asChild variant="outline">
          <a href={urls.home}>{ui.backHome}</a>
        </Button>
      </div>
    </PagePanel>
  )
}
