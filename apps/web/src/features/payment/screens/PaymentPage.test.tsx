import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';

/** The server as the cashier meets it: the methods configured, the order's status, what a payment answers. */
const server = vi.hoisted(() => ({
  methods: [] as { method: string; name: string }[],
  paid: false,
  created: {} as Record<string, unknown>,
  posts: [] as { url: string; body: unknown }[],
}));

vi.mock('../../../lib/request.ts', () => {
  class RequestError extends Error {
    constructor(
      message: string,
      readonly code?: number,
    ) {
      super(message);
    }
  }
  return {
    RequestError,
    request: {
      get: vi.fn(async (url: string) => {
        if (url === '/member/pay/methods') return server.methods;
        if (url === '/member/pay/order/status')
          return {
            orderNo: '20250308000000000001',
            status: server.paid ? 'PENDING_SHIPMENT' : 'PENDING_PAYMENT',
            statusText: server.paid ? '待发货' : '待付款',
            paid: server.paid,
            amount: 9900,
            payDeadline: new Date(Date.now() + 20 * 60_000).toISOString(),
          };
        if (url === '/member/order/order/detail') throw new RequestError('x', 404);
        throw new Error(`unexpected ${url}`);
      }),
      post: vi.fn(async (url: string, body: unknown) => {
        server.posts.push({ url, body });
        return server.created;
      }),
    },
  };
});

window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
  }) as unknown as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const { default: PaymentPage } = await import('./PaymentPage.tsx');

const assign = vi.fn();

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/payment?orderNo=20250308000000000001']}>
        <Routes>
          <Route path="/payment" element={<PaymentPage />} />
          <Route path="/user/order/orderDetail/:orderNo" element={<div>订单详情页</div>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  server.paid = false;
  server.posts = [];
  assign.mockReset();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, assign } });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PaymentPage', () => {
  it('with 支付宝 and 微信支付 the buyer picks WeChat Pay, sees the QR code with the amount, and goes on once paid', async () => {
    // The poll and the pause before the order detail on a fake clock (still moving with real time,
    // which findBy… waits on): no real seconds waited, however busy the machine.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    server.methods = [
      { method: 'alipay', name: '支付宝' },
      { method: 'wechatpay', name: '微信支付' },
    ];
    server.created = { codeUrl: 'weixin://wxpay/bizpayurl?pr=abc', amount: 9900, payDeadline: '', method: 'wechatpay' };
    renderPage();
    fireEvent.click(await screen.findByText('微信支付'));
    fireEvent.click(screen.getByRole('button', { name: /去支付/ }));
    expect(await screen.findByTestId('payment-qrcode')).toBeInTheDocument();
    expect(screen.getByText('请使用微信扫一扫完成支付')).toBeInTheDocument();
    expect(screen.getByTestId('payment-qrcode')).toHaveTextContent('99.00');
    expect(server.posts).toEqual([
      {
        url: '/member/pay/order/create',
        body: { orderNo: '20250308000000000001', method: 'wechatpay', mobile: false },
      },
    ]);
    expect(assign).not.toHaveBeenCalled();
    // The buyer pays on the phone: the polled status turns paid, then the order detail follows.
    server.paid = true;
    await vi.advanceTimersByTimeAsync(1500); // the next poll
    expect(await screen.findByText('支付成功', undefined, { timeout: 5000 })).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(2000); // the moment before the order detail
    expect(await screen.findByText('订单详情页', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('choosing another method from the QR code goes back to the list', async () => {
    server.methods = [
      { method: 'alipay', name: '支付宝' },
      { method: 'wechatpay', name: '微信支付' },
    ];
    server.created = { codeUrl: 'weixin://wxpay/bizpayurl?pr=abc', amount: 9900, payDeadline: '', method: 'wechatpay' };
    renderPage();
    fireEvent.click(await screen.findByText('微信支付'));
    fireEvent.click(screen.getByRole('button', { name: /去支付/ }));
    fireEvent.click(await screen.findByRole('button', { name: '选择其他支付方式' }));
    expect(screen.getByText('支付宝')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-qrcode')).not.toBeInTheDocument();
  });

  it('a redirect provider (one method, the sandbox) still sends the browser to payUrl', async () => {
    server.methods = [{ method: 'sandbox', name: '模拟支付（沙箱）' }];
    server.created = { payUrl: '/pay/sandbox/cashier?x=1', amount: 9900, payDeadline: '', method: 'sandbox' };
    renderPage();
    await screen.findByText('模拟支付（沙箱）');
    fireEvent.click(screen.getByRole('button', { name: /去支付/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/sandbox/cashier?x=1'));
    expect((server.posts[0]!.body as { method: string }).method).toBe('sandbox');
    expect(screen.queryByTestId('payment-qrcode')).not.toBeInTheDocument();
  });
});
