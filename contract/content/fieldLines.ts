type LineOfField = (text: string, pointer: string) => number | undefined

/**
 * Finds the line of a field ('/features/0/image') in YAML or JSON text (JSON is YAML), or of the nearest
 * enclosing field that exists; undefined for the whole document. site/content/files.ts parses with js-yaml, which is
 * fast but keeps no positions; `yaml` keeps them, and is loaded only when there is a mistake to place.
 */
export async function fieldLineFinder(): Promise<LineOfField> {
  const { isMap, isNode, isScalar, isSeq, LineCounter, parseDocument } = await import('yaml')
  return (text, pointer) => {
    const lineCounter = new LineCounter()
    let node: unknown = parseDocument(text, { lineCounter }).contents
    let offset: number | undefined
    // '/keyPoints/0/title' -> ['keyPoints', '0', 'title']
    for (const part of pointer
      .split('/')
      .slice(1)
      .map((step) => step.replace(/~1/g, '/').replace(/~0/g, '~'))) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === part)
        if (!pair || !isScalar(pair.key)) break
        offset = pair.key.range?.[0]
        node = pair.value
      } else if (isSeq(node)) {
        const item = node.items[Number(part)]
        if (!isNode(item)) break
        offset = item.range?.[0]
        node = item
      } else break
    }
    return offset === undefined ? undefined : lineCounter.linePos(offset).line
  }
}
