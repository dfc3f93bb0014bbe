import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Page } from '@mall/shared';
import type { GoodsCard } from '../../../lib/catalogTypes.ts';

const pages = vi.hoisted(() => ({ total: 0, size: 0 }));
vi.mock('../api/getRecommend.ts', () => ({
  getRecommend: vi.fn(async (pageNum: number): Promise<Page<GoodsCard>> => {
    const start = (pageNum - 1) * pages.size;
    const n = Math.max(0, Math.min(pages.size, pages.total - start));
    const list = Array.from({ length: n }, (_, i) => ({
      id: start + i + 1,
      name: `好物 ${start + i + 1}`,
      image: null,
      price: 1234,
      marketPrice: 1999,
      sales: 12_345,
    }));
    return { list, total: pages.total, pageNum, pageSize: pages.size };
  }),
}));
vi.mock('../api/getSalesList.ts', () => ({ useSalesList: () => ({ data: [] }) }));

/** jsdom has no matchMedia: the screen is a PC's unless a test says phone. */
const screenSize = vi.hoisted(() => ({ phone: false }));
window.matchMedia = (query: string) =>
  ({ matches: screenSize.phone, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;

const { RecommendFeed } = await import('./RecommendFeed.tsx');

function renderFeed() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RecommendFeed />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('<RecommendFeed>', () => {
  afterEach(cleanup);
  beforeEach(() => {
    pages.size = 20;
    screenSize.phone = false;
  });

  it('shows prices from fen and 没有更多了 once everything is loaded', async () => {
    pages.total = 3;
    renderFeed();
    expect(await screen.findByText('没有更多了')).toBeInTheDocument();
    expect(screen.getAllByTestId('goods-card')).toHaveLength(3);
    expect(screen.getAllByTestId('card-price')[0]).toHaveTextContent('¥12.34');
    expect(screen.getAllByText('已售 1.2万+')).toHaveLength(3);
  });

  it('loads the next page when scrolled near the end (threshold 100)', async () => {
    pages.total = 30;
    renderFeed();
    await screen.findByText('好物 20');
    // jsdom has no layout: the document counts as scrolled to its end.
    fireEvent.scroll(document);
    expect(await screen.findByText('好物 30')).toBeInTheDocument();
    expect(await screen.findByText('没有更多了')).toBeInTheDocument();
  });

  it('is five goods a row on a PC and two on a phone', async () => {
    pages.total = 3;
    renderFeed();
    await screen.findByText('没有更多了');
    expect(screen.getByTestId('goods-grid').style.gridTemplateColumns).toBe('repeat(5, minmax(0px, 1fr))');
    cleanup();
    screenSize.phone = true;
    renderFeed();
    await screen.findByText('没有更多了');
    expect(screen.getByTestId('goods-grid').style.gridTemplateColumns).toBe('repeat(2, minmax(0px, 1fr))');
  });

  it('says so when there is nothing to recommend', async () => {
    pages.total = 0;
    renderFeed();
    expect(await screen.findByText('暂无推荐商品')).toBeInTheDocument();
  });
});
