// Preloaded by scripts/bench-build.ts: prints the process's peak resident memory when it exits.
process.on('exit', () => {
  console.log(`peak-memory-kib=${process.resourceUsage().maxRSS}`)
})
