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
