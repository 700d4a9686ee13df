import { getContent } from '../../content'

export async function data() {
  const content = await getContent()
  const { ui } = content
  return {
    head: { title: ui.admin.title, description: ui.admin.metaDescription, path: '/admin/newsletter', noindex: true },
    content,
    ui: ui.admin,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
