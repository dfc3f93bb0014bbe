import crypto from 'node:crypto';
import { fenToYuan, type Params } from './rsa2.ts';

/** The sandbox cashier's own pages: plain HTML, no script, so it works anywhere. */
const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The pages' only style: one fixed <style> element (no style attributes), allowed by its hash. */
const CSS = `
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei","WenQuanYi Micro Hei",sans-serif;background:#f3f3f3;color:#333}
.bar{background:#1677ff;color:#fff;padding:14px 24px;font-size:18px}
.card{max-width:420px;margin:48px auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 2px 8px rgba(0,0,0,.08);text-align:center}
.amount{font-size:36px;color:#ff4d4f;margin:16px 0}.muted{color:#888;font-size:13px;line-height:1.8}
.tip{background:#fffbe6;border:1px solid #ffe58f;padding:8px;border-radius:4px;font-size:13px;margin-top:16px}
form{display:inline}
button{font-size:16px;padding:10px 28px;border-radius:4px;border:1px solid #d9d9d9;background:#fff;cursor:pointer;margin:8px}
button.primary{background:#1677ff;border-color:#1677ff;color:#fff}
`;

/**
 * The cashier's Content-Security-Policy: nothing but its own style (by hash) and forms posted back
 * to this server; no script at all, and no framing (a framed cashier invites clickjacking).
 */
export const CASHIER_CSP_DIRECTIVES = {
  'default-src': ["'none'"],
  'style-src': [`'sha256-${crypto.createHash('sha256').update(CSS).digest('base64')}'`],
  'img-src': ["'self'"],
  'form-action': ["'self'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
};

const layout = (title: string, body: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<style>${CSS}</style></head><body><div class="bar">模拟收银台</div><div class="card">${body}</div></body></html>`;

const hidden = (params: Params) =>
  Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('');

export function cashierPage(p: {
  orderNo: string;
  amountFen: number;
  subject: string;
  expiresAt?: Date;
  params: Params;
}) {
  const expires = p.expiresAt
    ? `<div>请在 ${escape(p.expiresAt.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }))} 前完成支付</div>`
    : '';
  return layout(
    '模拟收银台',
    `<div class="muted">${escape(p.subject)}</div>
<div class="amount" data-testid="amount">¥${fenToYuan(p.amountFen)}</div>
<div class="muted"><div>订单号：${escape(p.orderNo)}</div>${expires}</div>
<form method="post" action="/pay/sandbox/cashier/confirm">${hidden(p.params)}<button class="primary" type="submit">确认支付</button></form>
<form method="post" action="/pay/sandbox/cashier/cancel">${hidden(p.params)}<button type="submit">取消</button></form>
<div class="tip">这是开发用的模拟收银台，不会产生真实扣款。</div>`,
  );
}

export function cashierErrorPage(message: string, back?: string) {
  const link = back ? `<p><a href="${escape(back)}">返回商户</a></p>` : '';
  return layout('支付失败', `<h3>${escape(message)}</h3>${link}`);
}
