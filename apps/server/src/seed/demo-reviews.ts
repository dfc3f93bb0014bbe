import zlib from 'node:zlib';
import type { AppContext } from '../lib/context.ts';
import { findMemberByMobile, insertMember } from '../modules/accounts/accounts.repo.ts';
import { createAddress } from '../modules/address/address.service.ts';
import { goodsDetail, salesListJson } from '../modules/catalog/catalog.service.ts';
import { paymentsOf } from '../modules/payments/providers.ts';
import { hasAnyReview } from '../modules/reviews/reviews.repo.ts';
import * as reviews from '../modules/reviews/reviews.service.ts';
import { buyAndPay, shipAndReceive } from './demo-orders.ts';

/**
 * A few reviews on the best seller, so a new shop's 评价 tab and 评价管理 show something: written the
 * way buyers write them. Each demo buyer orders through the checkout, pays through the sandbox
 * platform's signed notification, the shop ships and the buyer confirms receipt; then the review
 * (with and without photos, one anonymous, one with a 追评 and a shop reply). Skipped when a review
 * exists or the sandbox payment platform is off.
 */
const REVIEWERS = [
  { nickname: '爱吃草莓的猫', rating: 5, content: '包装很仔细，和描述一致，用了几天非常满意，会回购！', photos: 2, anonymous: false },
  { nickname: '林间小鹿', rating: 4, content: '整体不错，物流很快，就是颜色比图片稍微深一点。', photos: 0, anonymous: true },
  { nickname: '周末去旅行', rating: 5, content: '第二次买了，品质稳定，推荐给了同事。', photos: 1, anonymous: false },
  { nickname: '晴天', rating: 2, content: '收到时外包装有压痕，商品本身还能用。', photos: 0, anonymous: false },
];
const FOLLOW_UP = '用了两周再来追评：依然很好用，没有任何问题。';
const SHOP_REPLY = '感谢亲的认可与支持，期待您再次光临！';

export async function seedDemoReviews(ctx: AppContext, progress: (message: string) => void) {
  const sandbox = paymentsOf(ctx).sandbox;
  if (!sandbox || (await hasAnyReview(ctx.db))) return;
  const goods = await reviewableGoods(ctx);
  if (!goods) return;
  for (const [i, r] of REVIEWERS.entries()) {
    const mobile = `1990000${String(i).padStart(4, '0')}`;
    const member =
      (await findMemberByMobile(ctx.db, mobile)) ?? (await insertMember(ctx.db, { nickname: r.nickname, roles: ['member'], mobile }));
    const address = await createAddress(ctx, member.id, {
      receiverName: r.nickname.slice(0, 2),
      mobile: '13800138000',
      provinceCode: '11',
      cityCode: '1101',
      districtCode: '110105',
      detail: '建国路 88 号',
    });
    const orderNo = await buyAndPay(ctx, { id: member.id, addressId: address.id }, goods.skuId, 1);
    if (!orderNo) return;
    const received = await shipAndReceive(ctx, member.id, orderNo);
    const orderItemId = received.items[0]!.id;
    const images: string[] = [];
    for (let p = 0; p < r.photos; p++) {
      const upload = await reviews.uploadImage(ctx, member.id, { bytes: demoPhoto(p), ext: 'png', mime: 'image/png' });
      images.push(upload.name);
    }
    const made = await reviews.create(ctx, member.id, { orderItemId, rating: r.rating, content: r.content, images, anonymous: r.anonymous });
    if (i === 0) {
      await reviews.followUp(ctx, member.id, { orderItemId, content: FOLLOW_UP, images: [] });
      await reviews.reply(ctx, made.id, SHOP_REPLY, '演示管理员');
    }
  }
  progress(`演示评价 (demo reviews): ${REVIEWERS.length} 条，商品 ${goods.goodsId}`);
}

/** The first best seller a demo buyer can order without a real-name record. */
async function reviewableGoods(ctx: AppContext): Promise<{ goodsId: number; skuId: number } | undefined> {
  const best = JSON.parse(await salesListJson(ctx, 6)) as { id: number }[];
  for (const { id } of best) {
    const detail = await goodsDetail(ctx, id);
    const sku = detail.skus.find((s) => s.stock >= REVIEWERS.length);
    if (!detail.isCrossBorder && sku) return { goodsId: id, skuId: sku.id };
  }
  return undefined;
}

/** A 240×240 PNG of the theme's colours with a band, a different hue per photo. */
function demoPhoto(seed: number): Buffer {
  const side = 240;
  const base = [
    [0xa3, 0x87, 0xbc],
    [0xf0, 0xa0, 0x80],
  ][seed % 2]!;
  const row = (y: number) =>
    Buffer.concat([
      Buffer.from([0]),
      ...Array.from({ length: side }, (_, x) => Buffer.from(Math.abs(x - y) < 40 ? [0xf7, 0xf2, 0xfa] : base)),
    ]);
  const raw = Buffer.concat(Array.from({ length: side }, (_, y) => row(y)));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
