// Never rendered: +data.ts makes this route a redirect document (renderer/redirectDocument.ts).
export default function Page() {
  return null
}
