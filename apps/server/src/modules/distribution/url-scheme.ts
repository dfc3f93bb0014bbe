/**
 * A WeChat mini-program URL scheme for a shared goods (`weixin://dl/business/?t=…`), made by WeChat's
 * `urlscheme.generate` with the shop's mini-program credentials. A shop without a mini-program has
 * none: the share then offers the web link and QR code only, and says why.
 */
export interface UrlSchemeProvider {
  readonly name: string;
  urlScheme(path: string, query: string, expiresAt: Date): Promise<{ urlScheme: string } | { reason: string }>;
}

export const NO_MINI_PROGRAM: UrlSchemeProvider = {
  name: 'none',
  async urlScheme() {
    return { reason: '商城未配置微信小程序，请分享网页链接或二维码' };
  },
};
