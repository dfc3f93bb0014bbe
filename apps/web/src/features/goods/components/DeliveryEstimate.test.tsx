import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/** The server as the component meets it: the address book and the estimate, by URL. */
const server = vi.hoisted(() => ({
  signedIn: false,
  addresses: [] as unknown[],
  refuse: null as string | null,
  calls: [] as { url: string; params?: Record<string, unknown> }[],
}));

vi.mock('../../../lib/session.ts', () => ({
  useSession: () => ({ user: server.signedIn ? { id: 'm1', roles: ['member'] } : null }),
}));

vi.mock('../../../lib/request.ts', () => ({
  request: {
    get: vi.fn(async (url: string, params?: Record<string, unknown>) => {
      server.calls.push({ url, params });
      if (url === '/member/trade/address/list') return server.addresses;
      if (url === '/member/trade/address/regions') return [];
      if (url === '/member/goods/delivery/estimate') {
        if (server.refuse) throw new Error(server.refuse);
        return {
          goodsId: params!.goodsId,
          skuId: params!.skuId ?? null,
          quantity: params!.quantity,
          region: { text: '广东省 广州市 天河区' },
          freight: Number(params!.quantity) >= 2 ? 0 : 1000,
          freightText: Number(params!.quantity) >= 2 ? '免运费' : '¥10.00',
          freightHint: Number(params!.quantity) >= 2 ? null : '满 ¥99.00 免运费',
          estimateText: '16:00 前下单，预计后天（11月28日）送达',
        };
      }
      throw new Error(`unexpected ${url}`);
    }),
  },
}));

window.matchMedia = (query: string) =>
  ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;

const { DeliveryEstimate } = await import('./DeliveryEstimate.tsx');

function renderRow(props: { skuId?: number; quantity?: number } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (p: typeof props) => (
    <QueryClientProvider client={client}>
      <>
        <DeliveryEstimate goodsId={7} skuId={p.skuId} quantity={p.quantity ?? 1} />
      </>
    </QueryClientProvider>
  );
  const result = render(ui(props));
  return { ...result, update: (p: typeof props) => result.rerender(ui(p)) };
}

const estimateCalls = () => server.calls.filter((c) => c.url === '/member/goods/delivery/estimate');

describe('<DeliveryEstimate>', () => {
  afterEach(cleanup);
  beforeEach(() => {
    server.signedIn = false;
    server.addresses = [];
    server.refuse = null;
    server.calls = [];
  });

  it('signed out: 请选择 and no estimate asked for until a region is picked', async () => {
    renderRow();
    expect(screen.getByTestId('delivery-region')).toHaveTextContent('请选择');
    expect(screen.getByText('选择地区后查看运费和送达时间')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '配送至 请选择，更换配送地区' })).toBeInTheDocument();
    expect(estimateCalls()).toHaveLength(0);
    expect(server.calls.some((c) => c.url === '/member/trade/address/list')).toBe(false);
  });

  it('signed in: the default address is asked about, and the server’s freight and estimate shown', async () => {
    server.signedIn = true;
    server.addresses = [
      { id: 'a', provinceCode: '11', cityCode: '1101', districtCode: '110105', isDefault: false },
      { id: 'b', provinceCode: '44', cityCode: '4401', districtCode: '440106', isDefault: true },
    ];
    const row = renderRow({ skuId: 31 });
    expect(await screen.findByTestId('delivery-text')).toHaveTextContent('16:00 前下单，预计后天（11月28日）送达');
    expect(screen.getByTestId('delivery-region')).toHaveTextContent('广东省 广州市 天河区');
    expect(screen.getByTestId('delivery-freight')).toHaveTextContent('运费 ¥10.00（满 ¥99.00 免运费）');
    expect(estimateCalls()[0]!.params).toEqual({
      goodsId: 7,
      skuId: 31,
      quantity: 1,
      provinceCode: '44',
      cityCode: '4401',
      districtCode: '440106',
    });

    // Another quantity is asked again: the server decides the freight.
    row.update({ skuId: 31, quantity: 2 });
    await waitFor(() => expect(screen.getByTestId('delivery-freight')).toHaveTextContent('免运费'));
    expect(estimateCalls().at(-1)!.params).toMatchObject({ quantity: 2 });
  });

  it('signed in without an address: 请选择', async () => {
    server.signedIn = true;
    renderRow();
    await waitFor(() => expect(screen.getByTestId('delivery-region')).toHaveTextContent('请选择'));
    expect(estimateCalls()).toHaveLength(0);
  });

  it('shows the server’s refusal in the row', async () => {
    server.signedIn = true;
    server.addresses = [{ id: 'b', provinceCode: '44', cityCode: '4401', districtCode: '440106', isDefault: true }];
    server.refuse = '商品已下架';
    renderRow();
    expect(await screen.findByRole('alert')).toHaveTextContent('商品已下架');
  });
});
