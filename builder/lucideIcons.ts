import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

// 'CheckCircle2' -> 'check-circle-2', the file name of the icon in lucide-react/icons/.
const kebab = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([a-zA-Z])(\d)/g, '$1-$2')
    .toLowerCase()

/**
 * Rewrites `import { Menu, X } from 'lucide-react'` into one import per icon file. The barrel module
 * re-exports ~2,400 icons, and the bundler would otherwise parse all of them in every build to keep
 * the few we use.
 */
export function lucideIcons(): Plugin {
  return {
    name: 'lucide-per-icon-imports',
    enforce: 'pre',
    // The dev server's dependency scan runs before this rewrite, so it never sees the icon files: the
    // first page would load, find them, and reload ("new dependencies optimized"). They are named here.
    config(config, { command }) {
      if (command !== 'serve') return
      const root = config.root ?? process.cwd()
      return { optimizeDeps: { include: iconsUsedIn(['site', 'renderer'].map((folder) => path.join(root, folder))) } }
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id) || !code.includes("from 'lucide-react'")) return
      return code.replace(/import \{([^}]+)\} from 'lucide-react'/g, (_statement, names: string) => {
        const specifiers = names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
        const types = specifiers.filter((name) => name.startsWith('type '))
        const imports = specifiers
          .filter((name) => !name.startsWith('type '))
          .map((specifier) => {
            const [name, local = name] = specifier.split(/\s+as\s+/) as [string, string?]
            return `import ${local} from 'lucide-react/icons/${kebab(name)}'`
          })
        if (types.length > 0) imports.push(`import type { ${types.map((name) => name.slice(5)).join(', ')} } from 'lucide-react'`)
        return imports.join('\n')
      })
    },
  }
}

/** The icon files ('lucide-react/icons/menu') that the code under `folders` imports from 'lucide-react'. */
function iconsUsedIn(folders: string[]): string[] {
  const icons = new Set<string>()
  for (const folder of folders) {
    for (const file of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
      if (!/\.[jt]sx?$/.test(file) || /\.test\.[jt]sx?$/.test(file)) continue
      const code = fs.readFileSync(path.join(folder, file), 'utf8')
      for (const [, names = ''] of code.matchAll(/import \{([^}]+)\} from 'lucide-react'/g)) {
        for (const specifier of names.split(',')) {
          const name = specifier.trim().split(/\s+as\s+/)[0]!
          if (name && !name.startsWith('type ')) icons.add(`lucide-react/icons/${kebab(name)}`)
        }
      }
    }
  }
  return [...icons].sort()
}
