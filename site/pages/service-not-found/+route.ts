// Written to dist/service/404.html by scripts/vite-site-build.ts: static hosts and the forms service answer
// unknown /service/* paths with it.
export default '/service/404'
