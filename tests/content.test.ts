import { expect, it } from 'vitest'
import { loadEmailTemplates } from '../contract/content/emails/templates'
import { loadContent } from '../site/content'

// The site's own content/ is checked as the build checks it, and for nothing else: an editor may add,
// change or remove any article, case study or page. The other tests use tests/fixtures/content.
it('content/ passes every check of the build: pages, links, images and emails', async () => {
  await expect(loadContent('content')).resolves.toBeDefined()
  await expect(loadEmailTemplates('content')).resolves.toBeDefined()
})
