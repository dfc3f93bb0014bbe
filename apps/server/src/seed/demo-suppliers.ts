import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { creditCodeCheckCharacter } from '@mall/shared';
import type { AppContext } from '../lib/context.ts';
import { rows } from '../lib/db.ts';
import { hashPassword } from '../lib/passwords.ts';
import { findMemberByMobile, findMemberByUsername, insertMember } from '../modules/accounts/accounts.repo.ts';
import { categoryTree } from '../modules/catalog/catalog.service.ts';
import type { CategoryNode } from '../modules/catalog/catalog.presenter.ts';
import { createGoods } from '../modules/catalog/goods-writer.ts';
import { checkCharacter } from '../modules/realname/id-number.ts';
import { storeSupplierImage } from '../modules/supplier/supplier-files.ts';
import { approve } from '../modules/supplier/supplier-review.ts';
import * as onboarding from '../modules/supplier/supplier.service.ts';

/**
 * 供应商入驻 demo data: an approved store 「山野茶舍」 owned by the demo member `tea_supplier` (who signs
 * in to the console's 供应商登录 with the demo password) with three goods on shelf and one waiting in
 * 商品审核, and another member's application waiting in 供应商审核. The demo buyer has none, so
 * /supplier/register opens on the empty form. Everything goes through onboarding's own doors (the
 * pictures, the three steps, submitting, approving); the goods through the catalogue's goods writer.
 * Made once: skipped when `tea_supplier` already has a store.
 */
export const DEMO_SUPPLIER_USERNAME = 'tea_supplier';
const DEMO_SUPPLIER_MOBILE = '19900020001';
const APPLICANT = { mobile: '19900020002', username: 'bamboo_craft', nickname: '竹语手作' };
const OPERATOR = '演示数据';

/** A small solid-colour PNG (the demo's licence scans and logos). */
function png(size: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => rgb[i % 3]!)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const creditCode = (body17: string) => body17 + creditCodeCheckCharacter(body17);
const idNumber = (body17: string) => body17 + checkCharacter(body17);

interface DemoApplicant {
  memberId: string;
  company: { name: string; code: string; legal: string; legalId: string; district: [string, string, string]; detail: string; contact: string; mobile: string };
  bank: { name: string; branch: string; account: string };
  store: { name: string; description: string; categories: string[]; colour: [number, number, number] };
}

/** The three steps and the submit, as the member's screens send them. */
async function applyAs(ctx: AppContext, a: DemoApplicant, top: CategoryNode[]) {
  const licence = await storeSupplierImage(ctx.config, ctx.secrets, a.memberId, 'licence', png(64, [236, 228, 212]), 'png');
  const logo = await storeSupplierImage(ctx.config, ctx.secrets, a.memberId, 'logo', png(64, a.store.colour), 'png');
  const [provinceCode, cityCode, districtCode] = a.company.district;
  await onboarding.saveCompany(ctx, a.memberId, {
    companyName: a.company.name,
    creditCode: a.company.code,
    licenceImage: licence,
    legalName: a.company.legal,
    legalIdNumber: a.company.legalId,
    provinceCode,
    cityCode,
    districtCode,
    addressDetail: a.company.detail,
    contactName: a.company.contact,
    contactMobile: a.company.mobile,
  });
  await onboarding.saveBank(ctx, a.memberId, { bankName: a.bank.name, bankBranch: a.bank.branch, bankAccount: a.bank.account });
  const categoryIds = top.filter((c) => a.store.categories.includes(c.name)).map((c) => c.id);
  await onboarding.saveStore(ctx, a.memberId, {
    storeName: a.store.name,
    storeLogo: logo,
    categoryIds: categoryIds.length ? categoryIds : [top[0]!.id],
    storeDescription: a.store.description,
  });
  return onboarding.submit(ctx, a.memberId);
}

async function member(ctx: AppContext, p: { username: string; mobile: string; nickname: string; password: string }) {
  return (
    (await findMemberByUsername(ctx.db, p.username)) ??
    (await findMemberByMobile(ctx.db, p.mobile)) ??
    (await insertMember(ctx.db, {
      username: p.username,
      mobile: p.mobile,
      nickname: p.nickname,
      passwordHash: await hashPassword(p.password),
      roles: ['member'],
    }))
  );
}

const findLeaf = (nodes: CategoryNode[], name: string): CategoryNode | undefined => {
  for (const n of nodes) {
    if (n.name === name && !n.children.length) return n;
    const found = findLeaf(n.children, name);
    if (found) return found;
  }
  return undefined;
};

/** The store's goods: three approved and on shelf, one waiting for 商品审核 (off shelf). */
const GOODS = [
  { name: '山野茶舍 明前西湖龙井 2026 新茶 250g', leaf: '绿茶', price: 36800, specs: ['100g', '250g'], review: 'APPROVED' },
  { name: '山野茶舍 武夷山正山小种红茶 罐装', leaf: '红茶', price: 12800, specs: ['100g', '250g'], review: 'APPROVED' },
  { name: '山野茶舍 云南古树普洱生茶饼 357g', leaf: '普洱', price: 29900, specs: ['357g饼'], review: 'APPROVED' },
  { name: '山野茶舍 安吉白茶 明前特级 礼盒装', leaf: '绿茶', price: 45800, specs: ['礼盒装'], review: 'PENDING' },
] as const;

async function storeGoods(ctx: AppContext, supplierId: string, tree: CategoryNode[]) {
  for (const [i, g] of GOODS.entries()) {
    const leaf = findLeaf(tree, g.leaf);
    if (!leaf) continue;
    // The pictures, parameters and detail of a goods of the shop's own in the same category.
    const [like] = await rows<{ images: string[]; params: never[]; detail: never[] }>(
      ctx.db,
      sql`SELECT images, params, detail FROM goods WHERE category_id = ${leaf.id} AND supplier_id IS NULL ORDER BY id LIMIT 1`,
    );
    const id = await createGoods(ctx.db, {
      name: g.name,
      subtitle: '产地直发 · 山野茶舍',
      categoryId: leaf.id,
      brandId: null,
      images: like?.images ?? [],
      params: like?.params ?? [],
      detail: like?.detail ?? [],
      onShelf: g.review === 'APPROVED',
      specDefs: [{ name: '规格', values: [...g.specs] }],
      supplierId,
      skus: g.specs.map((spec, n) => ({
        code: `SYCS${String(i + 1).padStart(2, '0')}${n + 1}`,
        specs: { 规格: spec },
        priceFen: g.price + n * Math.round(g.price / 2),
        marketPriceFen: Math.round((g.price + n * Math.round(g.price / 2)) * 1.3),
        stock: 200,
        sortOrder: n,
      })),
    });
    if (g.review !== 'APPROVED') {
      await ctx.db.execute(sql`UPDATE goods SET review_status = ${g.review}, on_shelf = false WHERE id = ${id}`);
    }
  }
}

export async function seedDemoSuppliers(ctx: AppContext, password: string, progress: (message: string) => void) {
  const owner = await findMemberByUsername(ctx.db, DEMO_SUPPLIER_USERNAME);
  if (owner && (await rows(ctx.db, sql`SELECT 1 FROM suppliers WHERE member_id = ${owner.id}`)).length) return;
  const tree = await categoryTree(ctx);
  if (!findLeaf(tree, '绿茶')) return;
  const started = Date.now();

  const tea = await member(ctx, { username: DEMO_SUPPLIER_USERNAME, mobile: DEMO_SUPPLIER_MOBILE, nickname: '山野茶舍掌柜', password });
  const application = await applyAs(
    ctx,
    {
      memberId: tea.id,
      company: {
        name: '杭州山野茶业有限公司',
        code: creditCode('91330106MA2H7K3Q1'),
        legal: '林青山',
        legalId: idNumber('33010619820315241'),
        district: ['33', '3301', '330106'],
        detail: '龙井路 18 号',
        contact: '林青山',
        mobile: DEMO_SUPPLIER_MOBILE,
      },
      bank: { name: '中国工商银行', branch: '杭州西湖支行', account: '6222021202001234567' },
      store: {
        name: '山野茶舍',
        description: '西湖龙井核心产区自有茶园，明前采摘，产地直发。',
        categories: ['酒水茶饮', '食品饮料'],
        colour: [86, 130, 89],
      },
    },
    tree,
  );
  const store = await approve(ctx, application.id, OPERATOR);
  await storeGoods(ctx, store.supplierId, tree);

  const applicant = await member(ctx, { ...APPLICANT, password });
  if (!(await onboarding.application(ctx, applicant.id))) {
    await applyAs(
      ctx,
      {
        memberId: applicant.id,
        company: {
          name: '安吉竹语工艺品有限公司',
          code: creditCode('91330523MA2JD8W6X'),
          legal: '沈竹',
          legalId: idNumber('33052319900712362'),
          district: ['33', '3305', '330523'],
          detail: '递铺街道竹乡大道 66 号',
          contact: '沈竹',
          mobile: APPLICANT.mobile,
        },
        bank: { name: '中国农业银行', branch: '安吉县支行', account: '6228480329876543210' },
        store: {
          name: '竹语手作',
          description: '安吉毛竹手工编织的茶具、收纳与家居小物。',
          categories: ['家居家纺', '厨具餐具'],
          colour: [168, 196, 120],
        },
      },
      tree,
    );
  }
  progress(
    `演示供应商: 会员 ${DEMO_SUPPLIER_USERNAME} 的店铺「山野茶舍」(控制台 /admin/ 供应商登录，密码同演示会员)，` +
      `另有一份入驻申请待审核 (${Date.now() - started} ms)`,
  );
}
