export default '/sitemap'
