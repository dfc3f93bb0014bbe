import { formatFen, type ShareLinkView } from '@mall/shared';

function load(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('图片加载失败'));
    img.src = src;
  });
}

/** Wraps a title into at most `max` lines that fit `width`. */
function lines(ctx: CanvasRenderingContext2D, text: string, width: number, max: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const ch of Array.from(text)) {
    if (ctx.measureText(line + ch).width > width) {
      out.push(line);
      line = ch;
      if (out.length === max) break;
    } else line += ch;
  }
  if (out.length < max && line) out.push(line);
  if (out.length === max && out.join('').length < text.length) out[max - 1] = `${out[max - 1]!.slice(0, -1)}…`;
  return out;
}

/** The poster as a PNG data URL, drawn like the card on screen: picture, title, price, QR code and its hint. */
export async function drawPoster(share: ShareLinkView): Promise<string> {
  const W = 600;
  const H = 900;
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('浏览器不支持生成海报');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, W, H);
  if (share.image) {
    try {
      ctx.drawImage(await load(share.image), 0, 0, W, W);
    } catch {
      ctx.fillStyle = '#f5f5f5';
      ctx.fillRect(0, 0, W, W);
    }
  }
  ctx.fillStyle = '#333';
  ctx.font = 'bold 28px sans-serif';
  lines(ctx, share.title, W - 240, 3).forEach((l, i) => ctx.fillText(l, 24, W + 48 + i * 38));
  ctx.fillStyle = '#c41d24';
  ctx.font = 'bold 36px sans-serif';
  ctx.fillText(formatFen(share.priceFen), 24, H - 60);
  ctx.drawImage(await load(share.qrCode), W - 200, W + 24, 176, 176);
  ctx.fillStyle = '#666';
  ctx.font = '20px sans-serif';
  ctx.fillText('长按识别二维码', W - 192, H - 40);
  return canvas.toDataURL('image/png');
}
