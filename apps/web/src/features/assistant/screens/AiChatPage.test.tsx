import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';

/** The assistant's server as the screen meets it: sessions, stored messages, and each streamed answer. */
const server = vi.hoisted(() => ({
  sessions: [] as { sessionId: string; title: string; updatedAt: string }[],
  messages: {} as Record<string, unknown[]>,
  suggestions: ['三千以内的手机推荐', '我的订单到哪了'],
  created: 0,
  posts: [] as { url: string; body: Record<string, unknown> }[],
  streams: [] as {
    body: Record<string, unknown>;
    signal: AbortSignal;
    send: (text: string) => void;
    sendBytes: (bytes: Uint8Array) => void;
    close: () => void;
  }[],
  confirms: [] as { title: string; onOk: () => unknown }[],
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
      get: vi.fn(async (url: string, params: Record<string, unknown>) => {
        if (url.endsWith('/session/list')) return { list: server.sessions, total: server.sessions.length, pageNum: 1, pageSize: 50 };
        if (url.endsWith('/session/messages')) return { list: server.messages[String(params.sessionId)] ?? [] };
        throw new Error(`unexpected GET ${url}`);
      }),
      post: vi.fn(async (url: string, body: Record<string, unknown>) => {
        server.posts.push({ url, body });
        if (url.endsWith('/session/create')) {
          const sessionId = `s${++server.created}`;
          server.sessions = [{ sessionId, title: '新对话', updatedAt: '2026-11-28T00:00:00Z' }, ...server.sessions];
          return { sessionId, title: '新对话', suggestions: server.suggestions };
        }
        if (url === '/member/trade/cart/add') return { id: 'line', count: 3, lines: 2 };
        return null;
      }),
      stream: vi.fn(async (_url: string, body: Record<string, unknown>, options: { signal: AbortSignal }) => {
        let controller!: ReadableStreamDefaultController<Uint8Array>;
        const readable = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
        options.signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        server.streams.push({
          body,
          signal: options.signal,
          send: (text) => controller.enqueue(new TextEncoder().encode(text)),
          sendBytes: (bytes) => controller.enqueue(bytes),
          close: () => controller.close(),
        });
        return new Response(readable, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    },
  };
});

vi.mock('../../../lib/feedback.ts', () => {
  const api = {
    message: { success: vi.fn(), warning: vi.fn(), error: vi.fn(), info: vi.fn() },
    modal: { confirm: (o: { title: string; onOk: () => unknown }) => server.confirms.push(o) },
  };
  return { useFeedback: () => api, feedback: api };
});

window.matchMedia = (query: string) =>
  ({ matches: false, media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
} as unknown as typeof IntersectionObserver;
Element.prototype.scrollTo ??= function () {};

const { default: AiChatPage } = await import('./AiChatPage.tsx');

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const phone = {
  goodsId: 7,
  name: '星辰 X5 手机',
  image: '/static/x5.jpg',
  priceFen: 299900,
  marketPriceFen: 329900,
  stock: 12,
  sales: 40,
};
const LABEL = '内容由系统根据商品数据生成';

function renderPage(at = '/ai/chat') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/ai/chat" element={<AiChatPage />} />
          <Route path="/cart" element={<div>购物车页</div>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function ask(question: string) {
  const box = await screen.findByPlaceholderText(/问问购物助手/);
  fireEvent.change(box, { target: { value: question } });
  fireEvent.click(screen.getByRole('button', { name: '发送' }));
  await waitFor(() => expect(server.streams.length).toBeGreaterThan(0));
  return server.streams.at(-1)!;
}

/** Sends the events of a stream, each in its own chunk, and lets React show them. */
async function push(stream: (typeof server.streams)[number], ...frames: string[]) {
  await act(async () => {
    for (const f of frames) stream.send(f);
    await new Promise((r) => setTimeout(r, 0));
  });
}

beforeEach(() => {
  server.sessions = [];
  server.messages = {};
  server.created = 0;
  server.posts = [];
  server.streams = [];
  server.confirms = [];
});
afterEach(() => cleanup());

const posted = (suffix: string) => server.posts.filter((p) => p.url.endsWith(suffix)).map((p) => p.body);

describe('AiChatPage', () => {
  it('streams an answer: text (a character split across chunks stays whole), goods cards, the label and the actions', async () => {
    renderPage();
    expect(await screen.findByText('三千以内的手机推荐')).toBeInTheDocument(); // suggested first questions
    const stream = await ask('三千以内的手机');
    expect(posted('/session/create')).toEqual([{}]);
    expect(stream.body).toEqual({ sessionId: 's1', content: '三千以内的手机' });
    expect(await screen.findByTestId('assistant-question')).toHaveTextContent('三千以内的手机');

    await push(stream, frame('start', { messageId: 'a1', replyTo: 'q1' }), frame('tool', { callId: 'c1', name: 'search_goods', args: {}, status: 'running' }));
    expect(await screen.findByText('搜索商品中…')).toBeInTheDocument();
    // 为你找到 with 找 (E6 89 BE) cut after its first byte.
    const bytes = new TextEncoder().encode(frame('delta', { text: '为你找到 **1 款**手机' }));
    const cut = bytes.indexOf(0xe6, bytes.indexOf(0xe4) + 6);
    await act(async () => {
      stream.sendBytes(bytes.slice(0, cut + 1));
      stream.sendBytes(bytes.slice(cut + 1));
      await new Promise((r) => setTimeout(r, 0));
    });
    const answer = await screen.findByTestId('assistant-answer');
    await waitFor(() => expect(answer).toHaveTextContent('为你找到 1 款手机'));
    expect(answer.textContent).not.toContain('\uFFFD');
    expect(within(answer).getByText('1 款').tagName).toBe('STRONG'); // markdown

    await push(
      stream,
      frame('tool', { callId: 'c1', name: 'search_goods', args: {}, status: 'done' }),
      frame('card', { kind: 'goods', goods: [phone] }),
      frame('done', { messageId: 'a1', text: '为你找到 **1 款**手机', status: 'done', label: LABEL }),
    );
    const card = await screen.findByTestId('assistant-goods');
    expect(within(card).getByText('星辰 X5 手机').closest('a')).toHaveAttribute('href', '/goodsDetail?id=7');
    expect(within(card).getByText('¥2999.00')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', '/static/x5.jpg');
    expect(screen.getByTestId('assistant-label')).toHaveTextContent(LABEL);
    for (const name of ['复制', '重新生成', '有帮助', '没帮助']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('renders markdown without raw HTML', async () => {
    renderPage();
    const stream = await ask('你好');
    await push(
      stream,
      frame('start', { messageId: 'a1', replyTo: 'q1' }),
      frame('done', { messageId: 'a1', text: '<img src=x onerror="alert(1)"><b>粗</b> 普通', status: 'done', label: LABEL }),
    );
    const answer = await screen.findByTestId('assistant-answer');
    await waitFor(() => expect(answer).toHaveTextContent('普通'));
    expect(answer.querySelector('img')).toBeNull();
    expect(answer.querySelector('b')).toBeNull();
  });

  it('停止 aborts the stream, tells the server, and keeps the partial answer', async () => {
    renderPage();
    const stream = await ask('推荐一款耳机');
    await push(stream, frame('start', { messageId: 'a1', replyTo: 'q1' }), frame('delta', { text: '正在为你挑选' }));
    await waitFor(() => expect(screen.getByTestId('assistant-answer')).toHaveTextContent('正在为你挑选'));
    fireEvent.click(screen.getByRole('button', { name: /停止/ }));
    expect(stream.signal.aborted).toBe(true);
    expect(posted('/chat/stop')).toEqual([{ sessionId: 's1', messageId: 'a1' }]);
    expect(await screen.findByText('（已停止生成）')).toBeInTheDocument();
    expect(screen.getByTestId('assistant-answer')).toHaveTextContent('正在为你挑选');
    expect(screen.queryByRole('button', { name: /停止/ })).toBeNull();
    expect(screen.getByTestId('assistant-label')).toHaveTextContent('内容由 AI 生成');
  });

  it('停止 before the answer has its id stops it on screen at once and tells the server when the id comes', async () => {
    renderPage();
    const stream = await ask('推荐一款耳机');
    fireEvent.click(screen.getByRole('button', { name: /停止/ }));
    expect(await screen.findByText('（已停止生成）')).toBeInTheDocument();
    expect(stream.signal.aborted).toBe(false);
    expect(screen.queryByRole('button', { name: /停止/ })).toBeNull();
    expect(screen.getByRole('button', { name: '重新生成' })).toBeDisabled(); // until the server knows
    await push(stream, frame('start', { messageId: 'a9', replyTo: 'q9' }), frame('delta', { text: '不会显示' }));
    expect(posted('/chat/stop')).toEqual([{ sessionId: 's1', messageId: 'a9' }]);
    expect(stream.signal.aborted).toBe(true);
    expect(screen.getByTestId('assistant-answer')).not.toHaveTextContent('不会显示');
    await waitFor(() => expect(screen.getByRole('button', { name: '重新生成' })).toBeEnabled());
  });

  it('重新生成 asks the same question again in the answer’s place', async () => {
    renderPage();
    const first = await ask('推荐一款耳机');
    await push(first, frame('start', { messageId: 'a1', replyTo: 'q1' }), frame('done', { messageId: 'a1', text: '第一次的回答', status: 'done', label: LABEL }));
    fireEvent.click(await screen.findByRole('button', { name: '重新生成' }));
    await waitFor(() => expect(server.streams).toHaveLength(2));
    const second = server.streams[1]!;
    expect(second.body).toEqual({ sessionId: 's1', content: '推荐一款耳机', regenerate: 'a1' });
    await push(second, frame('start', { messageId: 'a2', replyTo: 'q1' }), frame('done', { messageId: 'a2', text: '第二次的回答', status: 'done', label: LABEL }));
    await waitFor(() => expect(screen.getByTestId('assistant-answer')).toHaveTextContent('第二次的回答'));
    expect(screen.getAllByTestId('assistant-answer')).toHaveLength(1);
    expect(screen.getAllByTestId('assistant-question')).toHaveLength(1);
  });

  it('👍 and 👎 send the feedback; a second press takes it back', async () => {
    renderPage();
    const stream = await ask('你好');
    await push(stream, frame('start', { messageId: 'a1', replyTo: 'q1' }), frame('done', { messageId: 'a1', text: '你好！', status: 'done', label: LABEL }));
    const like = await screen.findByRole('button', { name: '有帮助' });
    fireEvent.click(like);
    await waitFor(() => expect(screen.getByRole('button', { name: '有帮助' })).toHaveAttribute('aria-pressed', 'true'));
    fireEvent.click(screen.getByRole('button', { name: '没帮助' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '没帮助' })).toHaveAttribute('aria-pressed', 'true'));
    fireEvent.click(screen.getByRole('button', { name: '没帮助' }));
    await waitFor(() => expect(posted('/message/feedback')).toHaveLength(3));
    expect(posted('/message/feedback')).toEqual([
      { messageId: 'a1', value: 1 },
      { messageId: 'a1', value: -1 },
      { messageId: 'a1', value: 0 },
    ]);
  });

  it('nothing enters the cart until the buyer confirms the proposal; then the shop’s own cart call runs', async () => {
    renderPage();
    const stream = await ask('把星辰 X5 加入购物车');
    await push(
      stream,
      frame('start', { messageId: 'a1', replyTo: 'q1' }),
      frame('card', { kind: 'confirm', action: 'addToCart', goodsId: 7, skuId: 71, skuText: '黑色 256G', quantity: 1, name: '星辰 X5 手机', priceFen: 299900 }),
      frame('done', { messageId: 'a1', text: '请确认加入购物车', status: 'done', label: LABEL }),
    );
    const card = await screen.findByTestId('assistant-confirm');
    expect(card).toHaveTextContent('黑色 256G');
    expect(card).toHaveTextContent('¥2999.00');
    expect(posted('/cart/add')).toEqual([]);
    fireEvent.click(within(card).getByRole('button', { name: '确认加入' }));
    expect(await within(card).findByText('去购物车')).toHaveAttribute('href', '/cart');
    expect(posted('/cart/add')).toEqual([{ skuId: 71, quantity: 1 }]);
  });

  it('加入购物车 on a goods card asks the assistant for a proposal rather than adding', async () => {
    renderPage();
    const stream = await ask('手机');
    await push(stream, frame('start', { messageId: 'a1', replyTo: 'q1' }), frame('card', { kind: 'goods', goods: [phone] }), frame('done', { messageId: 'a1', text: '找到 1 款', status: 'done', label: LABEL }));
    fireEvent.click(await screen.findByRole('button', { name: '加入购物车：星辰 X5 手机' }));
    await waitFor(() => expect(server.streams).toHaveLength(2));
    expect(server.streams[1]!.body).toEqual({ sessionId: 's1', content: '把第1个加入购物车' });
    expect(posted('/cart/add')).toEqual([]);
    // Once a newer answer is there, the older card leads to the goods page instead.
    await push(server.streams[1]!, frame('start', { messageId: 'a2', replyTo: 'q2' }), frame('done', { messageId: 'a2', text: '哪个规格？', status: 'done', label: LABEL }));
    expect(await screen.findByRole('link', { name: '去选购：星辰 X5 手机' })).toHaveAttribute('href', '/goodsDetail?id=7');
  });

  it('领取 on a coupon card asks first, then claims', async () => {
    renderPage();
    const stream = await ask('有什么券');
    await push(
      stream,
      frame('start', { messageId: 'a1', replyTo: 'q1' }),
      frame('card', { kind: 'coupons', coupons: [{ couponId: 5, name: '手机满减券', amountFen: 10000, thresholdFen: 200000, claimable: true, owned: false, endAt: '2026-12-31T15:59:59Z' }] }),
      frame('done', { messageId: 'a1', text: '有 1 张可领', status: 'done', label: LABEL }),
    );
    fireEvent.click(await screen.findByRole('button', { name: '领取：手机满减券' }));
    expect(posted('/coupon/claim')).toEqual([]);
    expect(server.confirms.map((c) => c.title)).toEqual(['领取优惠券']);
    await act(async () => void (await server.confirms[0]!.onOk()));
    expect(posted('/coupon/claim')).toEqual([{ templateId: 5 }]);
    expect(await screen.findByRole('button', { name: '已领取' })).toBeDisabled();
  });

  it('opened from a goods page, the session is made with that goods and shows its own suggestions', async () => {
    server.suggestions = ['这款手机有什么颜色', '和同价位的比怎么样'];
    renderPage('/ai/chat?goodsId=7');
    expect(await screen.findByText('这款手机有什么颜色')).toBeInTheDocument();
    expect(posted('/session/create')).toEqual([{ context: { goodsId: 7 } }]);
    fireEvent.click(screen.getByText('这款手机有什么颜色'));
    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(server.streams[0]!.body).toEqual({ sessionId: 's1', content: '这款手机有什么颜色' });
  });

  it('lists the sessions and shows a stored one with its cards and label', async () => {
    server.sessions = [
      { sessionId: 'old', title: '我的订单', updatedAt: '2026-11-27T00:00:00Z' },
      { sessionId: 'older', title: '耳机推荐', updatedAt: '2026-11-26T00:00:00Z' },
    ];
    server.messages.old = [
      { messageId: 'q1', role: 'user', content: '我的订单到哪了', parts: [], status: 'done', label: '', feedback: null, createdAt: '' },
      {
        messageId: 'a1',
        role: 'assistant',
        content: '你最近的订单已发货',
        parts: [
          {
            kind: 'order',
            orders: [
              {
                orderNo: 'NO123',
                status: 'SHIPPED',
                statusName: '待收货',
                payAmountFen: 12900,
                createdAt: '2026-11-20T02:00:00Z',
                items: [{ name: '蓝牙耳机', image: '', quantity: 1 }],
                logistics: { company: '顺丰速运', trackingNo: 'SF100' },
              },
            ],
          },
        ],
        status: 'done',
        label: LABEL,
        feedback: 1,
        createdAt: '',
      },
    ];
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '我的订单' }));
    const order = await screen.findByTestId('assistant-order');
    expect(order).toHaveTextContent('待收货');
    expect(order).toHaveTextContent('顺丰速运 SF100');
    expect(within(order).getByText('查看订单')).toHaveAttribute('href', '/user/order/orderDetail/NO123');
    expect(screen.getByTestId('assistant-label')).toHaveTextContent(LABEL);
    expect(screen.getByRole('button', { name: '有帮助' })).toHaveAttribute('aria-pressed', 'true');
  });
});
