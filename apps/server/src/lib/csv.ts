/**
 * CSV for spreadsheets (Excel, WPS, Numbers): UTF-8 with a byte-order mark so Chinese reads right,
 * CRLF line ends, every cell quoted. A cell that a spreadsheet would take for a formula (it starts
 * with = + - @, a tab or a carriage return, possibly after spaces) gets a leading apostrophe, so
 * opening the file never runs anything a buyer typed (CSV injection).
 */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r]/;

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * A long digit string (an order or tracking number) as text: a trailing tab keeps a spreadsheet
 * from turning 20-digit numbers into 2.02601E+19 and losing digits.
 */
export const asText = (value: string | null | undefined) => (value ? `${value}\t` : '');

export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
