/**
 * A PDF text string (for the Info dictionary): a literal string when `text` is printable ASCII, else UTF-16BE with a
 * byte-order mark as a hex string, so any character survives. Pure.
 */
export function pdfTextString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return '(' + text.replace(/[()\\]/g, '\\$&') + ')';
  let hex = '<FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return hex + '>';
}
