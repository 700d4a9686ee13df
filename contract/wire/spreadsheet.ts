/**
 * A CSV cell that no spreadsheet runs as a formula (OWASP's CSV injection guidance). Excel, LibreOffice
 * and Google Sheets skip leading blanks and invisible characters, and some read full-width signs (＝) as
 * their ASCII forms, so the test looks past those to the first visible character; a cell that would
 * start a formula gets a leading apostrophe. Excel shows that apostrophe when it opens a CSV, so a phone
 * number (a `+` then only digits, blanks, brackets, dots and hyphens: arithmetic at worst, never a call)
 * is left as it is and quoted instead (phoneLike), and reads "+1 214 555 0147".
 *
 *     spreadsheetSafe('=HYPERLINK("http://evil")') // "'=HYPERLINK(\"http://evil\")"
 *     spreadsheetSafe('+1 214 555 0147')           // '+1 214 555 0147'
 *     spreadsheetSafe('+SUM(A1)')                  // "'+SUM(A1)"
 *     spreadsheetSafe('\u200b+1 214 555 0142')     // "'\u200b+1 214 555 0142"
 *     spreadsheetSafe('Ann Lee')                   // 'Ann Lee'
 */
export function spreadsheetSafe(cell: string): string {
  if (phoneLike(cell)) return cell
  const visible = cell.replace(leadingInvisible, '')
  return formulaStart.test(visible) || /^[\t\r]/.test(cell) ? `'${cell}` : cell
}

/** A phone number as people type one with its country code, '+1 (214) 555-0147': written quoted, unguarded. */
export const phoneLike = (cell: string): boolean => /^\+[\d ().-]*\d[\d ().-]*$/.test(cell)

// Blanks, control characters, and format characters (zero-width spaces and joiners, bidi marks, BOM).
const leadingInvisible = /^[\s\p{Cc}\p{Cf}]+/u
// The ASCII signs, their full-width forms, the minus sign (U+2212) and the small forms (U+FE62 plus,
// U+FE63 hyphen-minus, U+FE66 equals, U+FE6B at), which some spreadsheets also read as the sign.
const formulaStart = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\u2212\uFE62\uFE63\uFE66\uFE6B]/
