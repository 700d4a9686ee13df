// Plain JavaScript: used by the build's launcher (build.js) and by `vike build` (siteBuild.ts).
//
// `npm run build 2>&1 | head -1` closes the build's output after its first line. Node reports each later
// write as an EPIPE 'error' event on process.stdout or process.stderr; with nothing listening, the report of
// that error went to the same closed stream and failed again, and `vike build` spun at 100 % CPU without
// ever finishing. The build goes on without its output instead: dist/ is what was asked for.

/** Writes to a closed stdout or stderr are dropped; any other error of theirs is thrown, as before. */
export function buildWithoutClosedOutput() {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error) => {
      if (error.code !== 'EPIPE') throw error
    })
  }
}
