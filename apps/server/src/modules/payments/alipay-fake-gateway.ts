/**
 * A local fake of Alipay's open-API gateway, for tests only: a node:http server that checks each
 * request's RSA2 signature with the merchant's public key as Alipay does, keeps trades and refunds
 * (one refund per out_request_no, as Alipay does), and signs its answers with the test's "Alipay" key.
 * What it answers is set per test: normal, a forged signature, a gateway 502, no answer at all, or a
 * refund made whose answer is lost.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fenToYuan, signText, verifyRequest, yuanToFen, type Params } from './rsa2.ts';

/** loseRefundAnswer: a refund is made but its answer never comes (the time-out after the fact). */
export type GatewayMode = 'ok' | 'forged' | 'error502' | 'hang' | 'loseRefundAnswer';

export interface FakeAlipayGateway {
  /** The gateway URL, for the provider's `gateway` option. */
  url: string;
  mode: GatewayMode;
  /** Paid trades: out_trade_no → amount in fen. */
  trades: Map<string, number>;
  /** Refunds made: out_request_no → { orderNo, amount in fen }. */
  refunds: Map<string, { orderNo: string; amountFen: number }>;
  /** Requests whose signature checked out, with biz_content parsed. */
  calls: { params: Params; biz: Record<string, string> }[];
  requests: number;
  close(): Promise<void>;
}

export async function fakeAlipayGateway(keys: {
  appId: string;
  merchantPublicKey: string;
  alipayPrivateKey: string;
  forgeryKey: string;
}): Promise<FakeAlipayGateway> {
  const hanging = new Set<http.ServerResponse>();
  const fake: FakeAlipayGateway = {
    url: '',
    mode: 'ok',
    trades: new Map(),
    refunds: new Map(),
    calls: [],
    requests: 0,
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const answer = (method: string, body: Record<string, string>) => {
    const raw = JSON.stringify(body);
    const key = fake.mode === 'forged' ? keys.forgeryKey : keys.alipayPrivateKey;
    return `{"${method.replaceAll('.', '_')}_response":${raw},"sign":"${signText(raw, key)}"}`;
  };
  const fail = (subCode: string, subMsg: string) => ({
    code: '40004',
    msg: 'Business Failed',
    sub_code: subCode,
    sub_msg: subMsg,
  });
  const tradeNo = (orderNo: string) => `2025${orderNo.slice(-24).padStart(24, '0')}`;

  const handle = (params: Params): Record<string, string> => {
    if (!verifyRequest(params, keys.merchantPublicKey) || params.app_id !== keys.appId) {
      return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' };
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    fake.calls.push({ params, biz });
    const orderNo = biz.out_trade_no ?? '';
    const paid = fake.trades.get(orderNo);
    if (paid === undefined) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
    switch (params.method) {
      case 'alipay.trade.query':
        return {
          code: '10000',
          msg: 'Success',
          out_trade_no: orderNo,
          trade_no: tradeNo(orderNo),
          trade_status: 'TRADE_SUCCESS',
          total_amount: fenToYuan(paid),
        };
      case 'alipay.trade.refund': {
        const amountFen = yuanToFen(biz.refund_amount);
        const requestNo = biz.out_request_no ?? '';
        if (!requestNo || amountFen === undefined || amountFen <= 0) return fail('ACQ.INVALID_PARAMETER', '参数无效');
        const before = fake.refunds.get(requestNo);
        if (before && (before.orderNo !== orderNo || before.amountFen !== amountFen))
          return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额与原请求不一致');
        const refunded = [...fake.refunds.values()]
          .filter((r) => r.orderNo === orderNo)
          .reduce((s, r) => s + r.amountFen, 0);
        if (!before && refunded + amountFen > paid) return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
        if (!before) fake.refunds.set(requestNo, { orderNo, amountFen });
        const total = refunded + (before ? 0 : amountFen);
        return {
          code: '10000',
          msg: 'Success',
          out_trade_no: orderNo,
          trade_no: tradeNo(orderNo),
          refund_fee: fenToYuan(total),
          fund_change: before ? 'N' : 'Y',
        };
      }
      case 'alipay.trade.fastpay.refund.query': {
        const r = fake.refunds.get(biz.out_request_no ?? '');
        if (!r || r.orderNo !== orderNo) return { code: '10000', msg: 'Success' };
        return {
          code: '10000',
          msg: 'Success',
          out_trade_no: orderNo,
          trade_no: tradeNo(orderNo),
          out_request_no: biz.out_request_no!,
          refund_amount: fenToYuan(r.amountFen),
          refund_status: 'REFUND_SUCCESS',
        };
      }
      default:
        return fail('isv.invalid-method', '不存在的方法名');
    }
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      fake.requests += 1;
      if (fake.mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (fake.mode === 'error502') {
        res.writeHead(502).end('Bad Gateway');
        return;
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      const params = {
        ...Object.fromEntries(url.searchParams),
        ...Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      };
      const body = answer(params.method ?? 'unknown', handle(params));
      if (fake.mode === 'loseRefundAnswer' && params.method === 'alipay.trade.refund') {
        hanging.add(res);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;
  return fake;
}
