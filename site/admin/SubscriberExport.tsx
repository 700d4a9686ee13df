import { Copy, Download } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { UiStrings } from '../content/ui'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'
import { downloadFile } from './downloadFile'
import { subscribersCsv, type Subscriber } from './subscribers'

/** How long the "copied" announcement stays on screen. */
const NOTICE_MS = 5000

type SubscriberExportProps = { subscribers: Subscriber[]; labels: UiStrings['adminScreen'] }

/** Copy All Emails (one per line) and Download CSV, always of the whole list, not just the rows in view. */
export function SubscriberExport({ subscribers, labels }: SubscriberExportProps) {
  const [notice, setNotice] = useState<{ ok: boolean; key: number }>()

  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(undefined), NOTICE_MS)
    return () => clearTimeout(timer)
  }, [notice])

  const copy = async () => {
    const ok = await navigator.clipboard.writeText(subscribers.map((subscriber) => subscriber.email).join('\n')).then(
      () => true,
      () => false,
    )
    setNotice({ ok, key: Date.now() })
  }

  const download = async () => {
    const csv = await subscribersCsv(subscribers, { email: labels.csvEmail, date: labels.csvDate, id: labels.csvId })
    downloadFile(labels.csvFileName, csv, 'text/csv;charset=utf-8')
  }

  return (
    <section aria-labelledby="subscriber-export-title" className="rounded-2xl bg-card p-6 shadow-sm ring-1 ring-border">
      <h2 id="subscriber-export-title" className="text-lg font-semibold text-brand-900">
        {labels.exportTitle}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{labels.exportText}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button type="button" onClick={copy} variant="outline" size="sm">
          <Copy aria-hidden="true" className="h-4 w-4" />
          {labels.copyAll}
        </Button>
        <Button type="button" onClick={download} variant="primary" size="sm">
          <Download aria-hidden="true" className="h-4 w-4" />
          {labels.downloadCsv}
        </Button>
      </div>
      {notice && (
        <Alert key={notice.key} variant={notice.ok ? 'success' : 'destructive'} role="alert" className="mt-4">
          {notice.ok ? labels.copied : labels.copyFailed}
        </Alert>
      )}
    </section>
  )
}
