/** Money is integer fen everywhere; this is the one way to show it: ¥12.34. */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const YUAN_TEXT = /^(\d+)(?:\.(\d{0,2}))?$/;

/**
 * An amount of 元 as a form holds it (typed text, or an input's number) → integer 分, or null when
 * it is not one: empty, negative, more than two decimals, not a plain decimal. It is read as decimal
 * text, never multiplied, so 0.29 is 29 and not 28.999…; a number's own shortest text (String(19.99)
 * is "19.99") keeps that true for inputs. Zero is an amount: a caller that needs more says so itself.
 */
export function yuanToFen(yuan: number | string | null | undefined): number | null {
  if (yuan === null || yuan === undefined) return null;
  const match = YUAN_TEXT.exec(String(yuan).trim());
  if (!match) return null;
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : null;
}

/** Integer 分 as the 元 a number input holds (1990 → 19.9); yuanToFen reads it back exactly. */
export function fenToYuan(fen: number): number {
  return fen / 100;
}

/** 首字 + ***: how a member's name appears to others (an anonymous review, a 推广 inviter): 张三丰 → 张***. */
export function maskName(name: string): string {
  const first = Array.from(name.trim())[0];
  return `${first ?? '匿'}***`;
}

/** Masks a mainland mobile number as 138****8000. */
export function maskMobile(mobile: string | null | undefined): string {
  if (!mobile) return '';
  return mobile.length >= 11 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}
