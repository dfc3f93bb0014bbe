/** Money is integer fen everywhere; this is the one way to show it: ¥12.34. */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Masks a mainland mobile number as 138****8000. */
/** 首字 + ***: how a member's name appears to others (an anonymous review, a 推广 inviter): 张三丰 → 张***. */
export function maskName(name: string): string {
  const first = Array.from(name.trim())[0];
  return `${first ?? '匿'}***`;
}

export function maskMobile(mobile: string | null | undefined): string {
  if (!mobile) return '';
  return mobile.length >= 11 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}
