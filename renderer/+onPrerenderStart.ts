import path from 'node:path'
import { getContent } from '../site/content'
import { contentWarnings, writeSiteFiles } from '../site/feeds/writeSiteFiles'

// Runs once per build, in the process that renders the pages, so content is loaded only once.
export async function onPrerenderStart() {
  const content = await getContent()
  for (const warning of contentWarnings(content)) console.warn(`warning: ${warning}`)
  await writeSiteFiles(content, path.resolve(process.env.VIKE_OUT_DIR ?? '.vike-out', 'client'))
}
