/**
 * GET /member/goods/delivery/estimate over HTTP: the freight of the checkout's own rule and the
 * arrival estimate of the `delivery` setting, public, with every bad input refused in Chinese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { dbOf, makeGoods, setOnShelf, startTestServer, type MadeGoods, type TestServer } from '../test/kit/index.ts';
import { getSetting, setSetting } from '../modules/site/site.service.ts';
import { DEFAULT_DELIVERY } from '../modules/site/delivery-setting.ts';
import { arrivalEstimate } from '../modules/delivery/arrival-estimate.ts';

let server: TestServer;
let cheap: MadeGoods; // one SKU at ¥50.00
let twoSkus: MadeGoods; // ¥30.00 and ¥120.00
const PATH = '/member/goods/delivery/estimate';
const HANGZHOU = { provinceCode: '33', cityCode: '3301', districtCode: '330106' }; // 浙江省 杭州市 西湖区
const BEIJING = { provinceCode: '11', cityCode: '1101', districtCode: '110105' }; // 北京市 市辖区 朝阳区
const URUMQI = { provinceCode: '65', cityCode: '6501', districtCode: '650102' }; // 新疆 乌鲁木齐市 天山区

beforeAll(async () => {
  server = await startTestServer();
  const db = dbOf(server);
  cheap = await makeGoods(db, { priceFen: 5000 });
  twoSkus = await makeGoods(db, {
    skus: [
      { specs: { 颜色: '白色' }, priceFen: 3000, stock: 10 },
      { specs: { 颜色: '黑色' }, priceFen: 12000, stock: 10 },
    ],
  });
  await setSetting(db, 'delivery', DEFAULT_DELIVERY);
});
afterAll(() => server?.close());

const estimate = (query: Record<string, string | number>) => server.api.get(PATH, { query });

describe('GET /member/goods/delivery/estimate', () => {
  it('answers freight by the checkout rule and the estimate by the delivery setting, signed out', async () => {
    const res = await estimate({ goodsId: cheap.goodsId, ...BEIJING });
    expect(res).toMatchObject({ status: 200, code: 0, success: true });
    const expected = arrivalEstimate(DEFAULT_DELIVERY, '11', new Date());
    expect(res.data).toMatchObject({
      goodsId: cheap.goodsId,
      skuId: null,
      quantity: 1,
      region: { provinceName: '北京市', cityName: '市辖区', districtName: '朝阳区', text: '北京市 市辖区 朝阳区' },
      freight: 1000,
      freightText: '¥10.00',
      freightHint: '满 ¥99.00 免运费',
      regionKind: 'other',
      days: 2,
      shipsToday: expected.shipsToday,
      arrivalDate: expected.arrivalDate,
      estimateText: expected.text,
    });
  });

  it('prices the chosen SKU and quantity: free from ¥99.00 as at checkout', async () => {
    const [white, black] = twoSkus.skuIds;
    const lowest = await estimate({ goodsId: twoSkus.goodsId, ...HANGZHOU });
    expect(lowest.data).toMatchObject({ freight: 1000, regionKind: 'same', days: 1 });
    const dear = await estimate({ goodsId: twoSkus.goodsId, skuId: black!, ...HANGZHOU });
    expect(dear.data).toMatchObject({ skuId: black, freight: 0, freightText: '免运费', freightHint: null });
    const four = await estimate({ goodsId: twoSkus.goodsId, skuId: white!, quantity: 4, ...HANGZHOU });
    expect(four.data).toMatchObject({ quantity: 4, freight: 0, freightText: '免运费' });
    const three = await estimate({ goodsId: twoSkus.goodsId, skuId: white!, quantity: 3, ...HANGZHOU });
    expect(three.data).toMatchObject({ freight: 1000 });
  });

  it('follows an operator’s change of the freight and delivery settings at once', async () => {
    const db = dbOf(server);
    const ctx = server.running.app.ctx;
    const freightBefore = await getSetting(ctx, 'freight');
    await setSetting(db, 'freight', { freeFromFen: 0, feeFen: 800 });
    await setSetting(db, 'delivery', { ...DEFAULT_DELIVERY, remoteDays: 9 });
    try {
      const res = await estimate({ goodsId: cheap.goodsId, ...URUMQI });
      expect(res.data).toMatchObject({ freight: 0, freightText: '免运费', regionKind: 'remote', days: 9 });
      expect(res.data.estimateText).toBe(
        arrivalEstimate({ ...DEFAULT_DELIVERY, remoteDays: 9 }, '65', new Date()).text,
      );
      await setSetting(db, 'freight', { freeFromFen: 1_000_000, feeFen: 800 });
      expect((await estimate({ goodsId: cheap.goodsId, ...URUMQI })).data).toMatchObject({
        freight: 800,
        freightText: '¥8.00',
        freightHint: '满 ¥10000.00 免运费',
      });
    } finally {
      await setSetting(db, 'freight', freightBefore);
      await setSetting(db, 'delivery', DEFAULT_DELIVERY);
    }
  });

  it('says which goods or SKU is unknown, and that an off-shelf goods is off shelf', async () => {
    expect(await estimate({ goodsId: 999_999_999, ...BEIJING })).toMatchObject({
      status: 200,
      code: Code.GOODS_NOT_FOUND,
      message: '商品不存在',
    });
    expect(await estimate({ goodsId: cheap.goodsId, skuId: twoSkus.skuIds[0]!, ...BEIJING })).toMatchObject({
      code: Code.NOT_FOUND,
      message: '该商品没有这个规格',
    });
    const off = await makeGoods(dbOf(server));
    await setOnShelf(dbOf(server), off.goodsId, false);
    expect(await estimate({ goodsId: off.goodsId, ...BEIJING })).toMatchObject({
      code: Code.GOODS_OFF_SHELF,
      message: '商品已下架',
    });
  });

  it.each([
    ['a region whose city is not in the province', { ...BEIJING, cityCode: '3301' }, '所在城市不正确'],
    ['an unknown province', { ...BEIJING, provinceCode: '99' }, '所在省份不正确'],
    ['a district of another city', { ...HANGZHOU, districtCode: '110105' }, '所在区县不正确'],
    ['a city code given as a province', { ...BEIJING, provinceCode: '1101' }, '所在省份不正确'],
  ])('refuses %s', async (_name, region, message) => {
    expect(await estimate({ goodsId: cheap.goodsId, ...region })).toMatchObject({
      status: 200,
      code: Code.BAD_REQUEST,
      message,
      success: false,
    });
  });

  const good = () => ({ goodsId: cheap.goodsId, ...BEIJING }) as Record<string, string | number>;
  it.each<[string, (q: Record<string, string | number>) => void, string]>([
    ['no goods', (q) => delete q.goodsId, '请填写商品编号'],
    ['a goods id in words', (q) => (q.goodsId = 'abc'), '商品编号必须是整数'],
    ['a negative goods id', (q) => (q.goodsId = -3), '商品编号不能小于 1'],
    ['an oversized goods id', (q) => (q.goodsId = '99999999999999999999'), '商品编号不能大于 2147483647'],
    ['a fractional goods id', (q) => (q.goodsId = '1.5'), '商品编号必须是整数'],
    ['an injection-shaped goods id', (q) => (q.goodsId = '1 OR 1=1; DROP TABLE goods'), '商品编号必须是整数'],
    ['a SKU id of zero', (q) => (q.skuId = 0), '规格编号不能小于 1'],
    ['a quantity of zero', (q) => (q.quantity = 0), '购买数量至少 1 件'],
    ['a negative quantity', (q) => (q.quantity = -1), '购买数量至少 1 件'],
    ['a huge quantity', (q) => (q.quantity = 1000), '购买数量不能超过 999 件'],
    ['no province', (q) => delete q.provinceCode, '请选择所在省份'],
    ['no city', (q) => delete q.cityCode, '请选择所在城市'],
    ['no district', (q) => delete q.districtCode, '请选择所在区县'],
    ['an empty province', (q) => (q.provinceCode = ''), '请选择所在省份'],
    ['a province in Chinese', (q) => (q.provinceCode = '北京'), '所在省份不正确'],
    ['a unicode-digit province', (q) => (q.provinceCode = '１１'), '所在省份不正确'],
    ['an injection-shaped district', (q) => (q.districtCode = "110105' OR '1'='1"), '所在区县不正确'],
    ['an oversized city', (q) => (q.cityCode = '1'.repeat(5000)), '所在城市不正确'],
    ['markup as a city', (q) => (q.cityCode = '<script>alert(1)</script>'), '所在城市不正确'],
  ])('refuses %s with a Chinese message', async (_name, change, message) => {
    const query = good();
    change(query);
    const res = await estimate(query);
    expect(res).toMatchObject({ status: 200, code: Code.BAD_REQUEST, message, success: false, data: null });
  });

  it('refuses a repeated parameter (an array) as malformed, not as a server fault', async () => {
    const res = await server.api.get(
      `${PATH}?goodsId=${cheap.goodsId}&goodsId=2&provinceCode=11&cityCode=1101&districtCode=110105`,
    );
    expect(res).toMatchObject({ status: 200, code: Code.BAD_REQUEST, message: '商品编号必须是整数' });
    const region = await server.api.get(
      `${PATH}?goodsId=${cheap.goodsId}&provinceCode=11&provinceCode=33&cityCode=1101&districtCode=110105`,
    );
    expect(region).toMatchObject({ status: 200, code: Code.BAD_REQUEST, message: '所在省份不正确' });
  });
});
