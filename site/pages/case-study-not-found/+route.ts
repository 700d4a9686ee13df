// Written to dist/case-study/404.html by scripts/vite-site-build.ts: static hosts and the forms service answer
// unknown /case-study/* paths with it.
export default '/case-study/404'
