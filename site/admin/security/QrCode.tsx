import { useEffect, useState } from 'react'

type QrCodeProps = {
  text: string
  /** What the image is, for screen readers (its text is also shown beside it). */
  label: string
  loading: string
}

/** `text` as a QR code (an SVG image, drawn by the qrcode package, which loads only here). */
export function QrCode({ text, label, loading }: QrCodeProps) {
  const [svg, setSvg] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    void import('qrcode')
      .then((qrcode) => qrcode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((drawn) => current && setSvg(drawn))
    return () => {
      current = false
    }
  }, [text])
  // Black on white whatever the theme: scanners read dark modules on a light ground.
  const frame = 'h-48 w-48 shrink-0 rounded-xl bg-white p-2 ring-1 ring-border'
  return svg ? (
    <img src={`data:image/svg+xml,${encodeURIComponent(svg)}`} alt={label} width={192} height={192} className={frame} />
  ) : (
    <p role="status" className={`${frame} grid place-items-center text-center text-sm text-muted-foreground`}>
      {loading}
    </p>
  )
}
