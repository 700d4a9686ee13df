// The site's real content plus `count` synthetic ~900-word articles, for build benchmarks and profiling.
//   node --import tsx scripts/synthetic-content.ts /tmp/content-1000 1000
import fs from 'node:fs/promises'
import path from 'node:path'

const words =
  'small business owners grow revenue with clear websites fast apps honest marketing reliable automation and helpful agents that answer customers day and night'.split(
    ' ',
  )

/** A deterministic ~900-word article with front matter, headings, lists, emphasis and links. */
export function syntheticArticle(index: number): string {
  let seed = index + 1
  const word = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return words[seed % words.length]!
  }
  const sentence = (length: number) => {
    const text = Array.from({ length }, word).join(' ')
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
  }
  const paragraph = () => Array.from({ length: 5 }, () => sentence(14)).join(' ')
  const sections = Array.from({ length: 5 }, (_, section) =>
    [
      `## ${sentence(5).slice(0, -1)} ${section + 1}`,
      paragraph(),
      `${paragraph()} Read more in [our automation guide](/blog/automation-workflows) or **book a call**.`,
      [`- ${sentence(8)}`, `- ${sentence(8)}`, `- ${sentence(8)}`].join('\n'),
    ].join('\n\n'),
  )
  const date = new Date(Date.UTC(2020, 0, 1) + (index % 1800) * 86_400_000).toISOString().slice(0, 10)
  return `---
title: "Synthetic article ${index + 1}: ${sentence(5).slice(0, -1)}"
description: "${sentence(16)}"
date: ${date}
readTime: 5
image: /images/blog/website-design-trends.svg
imageAlt: Abstract illustration
---

${sections.join('\n\n')}
`
}

export async function writeSyntheticContent(contentDir: string, count: number) {
  await fs.cp('content', contentDir, { recursive: true })
  await Promise.all(
    Array.from({ length: count }, (_, index) => fs.writeFile(path.join(contentDir, 'blog', `synthetic-${index + 1}.md`), syntheticArticle(index))),
  )
}

if (process.argv[1]?.endsWith('synthetic-content.ts')) {
  const [contentDir, count] = process.argv.slice(2)
  if (!contentDir) throw new Error('usage: synthetic-content.ts <content dir> <count>')
  await writeSyntheticContent(contentDir, Number(count ?? 1000))
}
