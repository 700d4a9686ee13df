/**
 * Text made safe to write into the site's HTML, as element content or a quoted attribute value: the five
 * characters HTML gives a meaning, as numeric references. The service fills the built pages with it.
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
