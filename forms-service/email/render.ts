import type { Element, ElementContent, Properties, Root as HtmlRoot } from 'hast'
import { convert, type HtmlToTextOptions } from 'html-to-text'
import type { List, Nodes as MarkdownNode, Paragraph } from 'mdast'
import rehypeStringify from 'rehype-stringify'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { listPlaceholders, type EmailLine, type EmailName, type TemplateField, type TemplateValues } from '../../contract/content/emails/templateTable.js'
import { placeholderPattern, type EmailTemplates, type SiteIdentity } from '../../contract/content/emails/templates.js'

export interface RenderedEmail {
  subject: string
  text: string
  html: string
}

const markdown = unified().use(remarkParse).freeze()
const toHtmlTree = unified().use(remarkRehype).freeze()
const toHtml = unified().use(rehypeStringify).freeze()

/**
 * A template filled with `values` (and the content values: site, analysis), as a subject, plain text
 * and HTML. Values are put into the parsed tree as text, never into the Markdown source, so a visitor
 * who types `**x**`, `[a](http://evil)` or `<script>` gets exactly those characters, escaped.
 */
export function renderEmail<N extends EmailName>(templates: EmailTemplates, name: N, values: TemplateValues<N>): RenderedEmail {
  const template = templates.templates[name]
  const valueFor = lookup(templates, values)
  const subject = singleLine(fill(template.subject, valueFor))
  const tree = markdown.parse(template.body)
  const lists = listPlaceholders(name)
  const all: Record<string, unknown> = values
  fillLists(tree, (placeholder) =>
    placeholder in lists ? { lines: all[placeholder] as readonly EmailLine[], empty: fill(template.fields[lists[placeholder]!] ?? '', valueFor) } : undefined,
  )
  fillMarkdown(tree, valueFor)
  const body = toHtmlTree.runSync(tree)
  finishHtml(body)
  const text = convert(toHtml.stringify(body), textOptions)
  const html = toHtml.stringify(page(body, subject, templates.site))
  return { subject, text, html }
}

/** A front-matter field other than the subject, filled, as plain text (the calendar entry's title...). */
export function renderField<N extends EmailName>(templates: EmailTemplates, name: N, field: TemplateField<N>, values: TemplateValues<N>): string {
  return fill(templates.templates[name].fields[field] ?? '', lookup(templates, values)).trim()
}

/**
 * Text fit for a header: control characters (CR, LF, tab, NUL...) and Unicode line separators become
 * one space, so nothing a visitor typed can start a header line of its own.
 */
export function singleLine(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim()
  )
}

type Lookup = (placeholder: string) => string

function lookup<N extends EmailName>(templates: EmailTemplates, values: TemplateValues<N>): Lookup {
  const all: Record<string, unknown> = { ...templates.content, ...values }
  return (placeholder) => {
    const value = all[placeholder]
    // loadEmailTemplates allows only declared placeholders (a list only on a line of its own), and
    // TemplateValues requires them all.
    if (typeof value !== 'string') throw new Error(`No text for {{${placeholder}}}`)
    return clean(value)
  }
}

/** Line breaks as '\n'; other control characters dropped (they have no place in a text or an HTML). */
function clean(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  return value.replace(/\r\n?|[\u2028\u2029]/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
}

function fill(text: string, valueFor: Lookup): string {
  return text.replace(placeholderPattern, (_, placeholder: string) => valueFor(placeholder))
}

// A line break inside a value, carried through the Markdown tree to become a <br> (clean() has turned
// any the visitor sent into '\n', so this one is always ours).
const lineBreak = '\u2028'

// Nodes made from values (the lines of a list): text as it is, never searched for placeholders.
const fromValues = new WeakSet<MarkdownNode>()

/**
 * A paragraph that is only a list placeholder ('{{newLeads}}') becomes a bulleted list, one item per
 * line, each a link to its `url` when it has one; an empty list, the paragraph `empty`.
 */
function fillLists(node: MarkdownNode, listFor: (placeholder: string) => { lines: readonly EmailLine[]; empty: string } | undefined) {
  if (!('children' in node)) return
  node.children = node.children.map((child) => {
    const only = child.type === 'paragraph' && child.children.length === 1 && child.children[0]!.type === 'text' ? child.children[0].value.trim() : ''
    const name = /^\{\{\s*([\w.]+)\s*\}\}$/.exec(only)?.[1]
    const list = name === undefined ? undefined : listFor(name)
    if (!list) {
      fillLists(child, listFor)
      return child
    }
    const text = (value: string) => ({ type: 'text' as const, value: clean(value).replace(/\n/g, ' ') })
    const made: List | Paragraph =
      list.lines.length === 0
        ? { type: 'paragraph', children: [text(list.empty)] }
        : {
            type: 'list',
            ordered: false,
            spread: false,
            children: list.lines.map((line) => ({
              type: 'listItem' as const,
              spread: false,
              children: [
                { type: 'paragraph' as const, children: [line.url ? { type: 'link' as const, url: line.url, children: [text(line.text)] } : text(line.text)] },
              ],
            })),
          }
    fromValues.add(made)
    return made
  }) as typeof node.children
}

function fillMarkdown(node: MarkdownNode, valueFor: Lookup) {
  if (fromValues.has(node)) return
  if (node.type === 'text') node.value = fill(node.value, (placeholder) => valueFor(placeholder).replace(/\n/g, lineBreak))
  if (node.type === 'inlineCode' || node.type === 'code') node.value = fill(node.value, valueFor)
  if (node.type === 'link' || node.type === 'image' || node.type === 'definition') node.url = fill(node.url, valueFor)
  if ('children' in node) for (const child of node.children) fillMarkdown(child, valueFor)
}

// Email clients drop <style> blocks unevenly; attributes they keep. Colours from site/styles (brand).
const styles: Record<string, string> = {
  h1: 'margin:0 0 16px;font-size:22px;line-height:1.3;color:#1e1b4b',
  h2: 'margin:28px 0 8px;font-size:18px;line-height:1.3;color:#1e1b4b',
  h3: 'margin:20px 0 8px;font-size:16px;line-height:1.3;color:#1e1b4b',
  p: 'margin:0 0 16px',
  ul: 'margin:0 0 16px;padding-left:24px',
  ol: 'margin:0 0 16px;padding-left:24px',
  li: 'margin:0 0 6px',
  a: 'color:#1d4ed8;text-decoration:underline',
  blockquote: 'margin:0 0 16px;padding:4px 16px;border-left:4px solid #c7d2fe;color:#374151',
  hr: 'border:0;border-top:1px solid #e5e7eb;margin:28px 0',
  code: 'font-family:Menlo,Consolas,monospace;font-size:14px',
  pre: 'margin:0 0 16px;white-space:pre-wrap',
}

// Only addresses a mail reader can open: an editor's link is one of these, and a value that is not
// (a visitor's 'javascript:...') loses its link and stays text.
const safeUrl = /^(https?:|mailto:|tel:)/i

/** Line breaks of values as <br>, an inline style per element, no link to an unsafe address. */
function finishHtml(node: HtmlRoot | Element) {
  node.children = node.children.flatMap((child): ElementContent[] => {
    if (child.type === 'text') return breakLines(child.value)
    if (child.type !== 'element') return child.type === 'doctype' ? [] : [child]
    for (const attribute of ['href', 'src']) {
      if (attribute in child.properties && !safeUrl.test(String(child.properties[attribute]))) delete child.properties[attribute]
    }
    const style = styles[child.tagName]
    if (style) child.properties.style = style
    finishHtml(child)
    return [child]
  })
}

function breakLines(text: string): ElementContent[] {
  return text.split(lineBreak).flatMap((line, index): ElementContent[] => [...(index > 0 ? [element('br', {}, [])] : []), { type: 'text', value: line }])
}

function element(tagName: string, properties: Properties, children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children }
}

/** The message around the body: one centred column, the agency's name on top. */
function page(body: HtmlRoot, subject: string, site: SiteIdentity): HtmlRoot {
  const content = body.children.filter((child) => child.type !== 'doctype')
  const column =
    'max-width:600px;margin:0 auto;padding:32px 28px;background-color:#ffffff;border-radius:8px;' +
    'font-family:Inter,"Segoe UI",Helvetica,Arial,sans-serif;font-size:16px;line-height:1.6;color:#111827'
  return {
    type: 'root',
    children: [
      { type: 'doctype' },
      element('html', { lang: site.lang }, [
        element('head', {}, [
          element('meta', { charSet: 'utf-8' }, []),
          element('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }, []),
          element('title', {}, [{ type: 'text', value: subject }]),
        ]),
        element('body', { style: 'margin:0;padding:24px 12px;background-color:#f3f4f6' }, [
          element('div', { style: column }, [
            element('p', { style: 'margin:0 0 24px;font-size:18px;font-weight:700;color:#1e1b4b' }, [{ type: 'text', value: site.name }]),
            ...content,
          ]),
        ]),
      ]),
    ],
  }
}

const textOptions: HtmlToTextOptions = {
  // Paragraphs on one line each: a mail reader wraps them to its own width (a phone is narrower than
  // 78 characters, and hard-wrapped lines break twice there).
  wordwrap: false,
  selectors: [
    // 'Unsubscribe <https://...>'; an address shown as the link text is not repeated.
    { selector: 'a', options: { linkBrackets: ['<', '>'], hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
  ],
}
