/** "12.3" → 1230 fen, read as text so no floating point creeps in; null when it is not an amount. */
export function yuanToFen(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
