// The package ships no types, and DefinitelyTyped's describe markdown-it's CommonJS build, not the one imported here.
declare module 'markdown-it-footnote' {
  const footnotes: import('markdown-it').PluginSimple
  export default footnotes
}
