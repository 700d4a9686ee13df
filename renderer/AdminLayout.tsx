/**
 * The frame of an admin page: the admin is its own application, not a page of the marketing site, so
 * it has no public header, footer, offer popup or consultation dialog (docs: DECISIONS "The admin is its
 * own application shell"). Its bar and its <main id="main"> are the admin island's own (they need the
 * session and the counts); the skip link leads to that main.
 */
export function AdminLayout({ skipToContent, children }: { skipToContent: string; children: React.ReactNode }) {
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded bg-background px-4 py-2 text-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        {skipToContent}
      </a>
      {children}
    </>
  )
}
