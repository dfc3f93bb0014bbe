import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { OPS_BUILTIN_ROLES, type OpsMe } from '@mall/shared';
import { resetRequestEnv } from '../../../lib/request.ts';
import { TOKEN_KEY } from '../../../lib/token.ts';
import { makeQueryClient } from '../../../app/queryClient.ts';
import { routes } from '../../../app/router.tsx';
import { renderInConsole, reply } from '../../../test/render.tsx';
import type { AssistantUsage } from '../api/getUsage.ts';
import AssistantPage from './AssistantPage.tsx';

// The chart draws on a canvas jsdom lacks: the test reads the figures it is given.
vi.mock('../components/QuestionsChart.tsx', () => ({
  default: ({ days }: { days: { day: string; questions: number }[] }) => (
    <div data-testid="questions-chart">{days.map((d) => `${d.day}:${d.questions}`).join(' ')}</div>
  ),
}));
vi.mock('../components/McpCallsChart.tsx', () => ({
  default: ({ days }: { days: { day: string; calls: number; members: number; failed: number }[] }) => (
    <div data-testid="mcp-chart">{days.map((d) => `${d.day}:${d.calls}/${d.members}/${d.failed}`).join(' ')}</div>
  ),
}));

const day = (d: string, questions = 0, extra: Partial<AssistantUsage['days'][number]> = {}) => ({
  day: d,
  questions,
  members: questions ? 1 : 0,
  failed: 0,
  stopped: 0,
  thumbsUp: 0,
  thumbsDown: 0,
  ...extra,
});
const week = (questions: number[]) => questions.map((q, i) => day(`2026-11-${String(22 + i).padStart(2, '0')}`, q));

const mcpDay = (d: string, calls = 0, members = 0, failed = 0) => ({ day: d, calls, members, failed });
const quietMcp = () => ({ days: week([0, 0, 0, 0, 0, 0, 0]).map((d) => mcpDay(d.day)), tools: [] });

const LONG = '这款手机的续航大约两天。'.repeat(20);
const usage: AssistantUsage = {
  days: [...week([0, 0, 0, 0, 0, 2]), day('2026-11-28', 3, { thumbsDown: 1, thumbsUp: 1, failed: 1 })],
  tools: [
    { tool: 'search_goods', calls: 4, failed: 1, avgMs: 35, maxMs: 120 },
    { tool: 'points_balance', calls: 1, failed: 0, avgMs: 8, maxMs: 8 },
    { tool: 'new_tool', calls: 1, failed: 0, avgMs: 2, maxMs: 2 },
  ],
  thumbsDown: {
    list: [
      {
        messageId: 'a-1',
        question: '三千以内的手机',
        answer: LONG,
        provider: 'offline',
        status: 'done',
        createdAt: '2026-11-28T02:05:00.000Z',
      },
      {
        messageId: 'a-2',
        question: '我有多少积分',
        answer: '',
        provider: 'offline',
        status: 'failed',
        createdAt: '2026-11-27T10:00:00.000Z',
      },
    ],
    total: 12,
    pageNum: 1,
    pageSize: 10,
  },
  mcp: {
    days: [
      ...week([0, 0, 0, 0, 0]).map((d) => mcpDay(d.day)),
      mcpDay('2026-11-27', 2, 1, 0),
      mcpDay('2026-11-28', 6, 2, 2),
    ],
    tools: [
      { tool: 'search_goods', calls: 5, failed: 1, avgMs: 42, maxMs: 130 },
      { tool: 'add_to_cart', calls: 2, failed: 1, avgMs: 18, maxMs: 25 },
      { tool: 'my_orders', calls: 1, failed: 0, avgMs: 9, maxMs: 9 },
    ],
  },
};
const empty: AssistantUsage = {
  days: week([0, 0, 0, 0, 0, 0, 0]),
  tools: [],
  thumbsDown: { list: [], total: 0, pageNum: 1, pageSize: 10 },
  mcp: quietMcp(),
};

let gets: string[] = [];
let answer: () => Response;

beforeEach(() => {
  gets = [];
  answer = () => reply(0, usage);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      gets.push(url);
      if (url.startsWith('/ops/assistant/usage')) return answer();
      return reply(0, null);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRequestEnv();
  localStorage.clear();
});

describe('助手', () => {
  it('shows questions per day, the tools in Chinese, and the 👎 answers, expandable, page by page', async () => {
    const user = userEvent.setup({ delay: null });
    renderInConsole(<AssistantPage />, { path: '/assistant' });

    expect(await screen.findByTestId('questions-chart')).toHaveTextContent('2026-11-28:3');
    expect(gets[0]).toContain('days=7');
    expect(gets[0]).toContain('pageNum=1');
    expect(screen.getByTestId('usage-totals')).toHaveTextContent(/共 5 问 · .*1 · .*1 · 失败 1/);

    const tools = screen.getByTestId('tools-table');
    const rows = within(tools).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('搜索商品');
    expect(rows[0]).toHaveTextContent('4');
    expect(rows[0]).toHaveTextContent('35 ms');
    expect(rows[1]).toHaveTextContent('查询积分');
    expect(rows[2]).toHaveTextContent('new_tool'); // a tool the console does not know yet, as it is

    const answers = screen.getByTestId('thumbs-down-table');
    expect(answers).toHaveTextContent('2026-11-28 10:05'); // Asia/Shanghai
    expect(answers).toHaveTextContent('三千以内的手机');
    expect(answers).toHaveTextContent('回答失败');
    expect(answers).toHaveTextContent('共 12 条');
    expect(screen.queryByTestId('answer-expanded')).toBeNull();

    await user.click(within(answers).getAllByRole('button', { name: /展开行/ })[0]!);
    const expanded = await screen.findByTestId('answer-expanded');
    expect(expanded.textContent).toContain(LONG);

    await user.click(within(answers).getByTitle('2'));
    await waitFor(() => expect(gets.at(-1)).toContain('pageNum=2'));
  });

  it('shows the MCP calls: per day as columns, the totals, and the tools in Chinese', async () => {
    renderInConsole(<AssistantPage />, { path: '/assistant' });

    const chart = await screen.findByTestId('mcp-chart');
    expect(chart).toHaveTextContent('2026-11-27:2/1/0');
    expect(chart).toHaveTextContent('2026-11-28:6/2/2');
    expect(screen.getByText('MCP 调用')).toBeInTheDocument();
    expect(screen.getByTestId('mcp-totals')).toHaveTextContent('共 8 次 · 失败 2');

    const rows = within(screen.getByTestId('mcp-tools-table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('搜索商品');
    expect(rows[0]).toHaveTextContent('5');
    expect(rows[0]).toHaveTextContent('42 ms');
    expect(rows[1]).toHaveTextContent('加入购物车'); // a tool of the MCP server only
    expect(rows[1]).toHaveTextContent('18 ms');
    expect(rows[2]).toHaveTextContent('查询订单');
    // The chat's tools stay in their own table.
    expect(screen.getByTestId('tools-table')).not.toHaveTextContent('加入购物车');
  });

  it('近30天 asks for 30 days from the first page', async () => {
    const user = userEvent.setup({ delay: null });
    renderInConsole(<AssistantPage />, { path: '/assistant?page=2' });
    await screen.findByTestId('questions-chart');
    expect(gets[0]).toContain('pageNum=2');
    await user.click(screen.getByText('近30天'));
    await waitFor(() => expect(gets.at(-1)).toContain('days=30'));
    expect(gets.at(-1)).toContain('pageNum=1');
  });

  it('a quiet period: 暂无数据 for both charts and all three tables', async () => {
    answer = () => reply(0, empty);
    renderInConsole(<AssistantPage />, { path: '/assistant' });
    expect(await screen.findByTestId('usage-totals')).toBeInTheDocument();
    expect(screen.getByTestId('questions-empty')).toHaveTextContent('暂无数据');
    expect(screen.getByTestId('tools-table')).toHaveTextContent('暂无数据');
    expect(screen.getByTestId('thumbs-down-table')).toHaveTextContent('暂无数据');
    expect(screen.getByTestId('mcp-empty')).toHaveTextContent('暂无数据');
    expect(screen.getByTestId('mcp-tools-table')).toHaveTextContent('暂无数据');
    expect(screen.getByTestId('mcp-totals')).toHaveTextContent('共 0 次 · 失败 0');
    expect(screen.queryByTestId('questions-chart')).toBeNull();
    expect(screen.queryByTestId('mcp-chart')).toBeNull();
    expect(screen.getByTestId('usage-totals')).toHaveTextContent('共 0 问');
  });

  it('a failed load says what happened, and 重试 reads again', async () => {
    const user = userEvent.setup({ delay: null });
    answer = () => reply(500, null, '系统繁忙，请稍后再试');
    renderInConsole(<AssistantPage />, { path: '/assistant' });
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    expect(screen.getByText('系统繁忙，请稍后再试')).toBeInTheDocument();
    answer = () => reply(0, usage);
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('questions-chart')).toBeInTheDocument();
  });
});

describe('助手 and permissions', () => {
  const operator = (role: 'service' | 'finance'): OpsMe => ({
    id: 'op-1',
    username: 'op01',
    displayName: '小林',
    role: { key: role, name: OPS_BUILTIN_ROLES[role].name },
    permissions: [...OPS_BUILTIN_ROLES[role].permissions],
    totpEnabled: false,
    mustChangePassword: false,
    store: null,
  });

  function renderConsole(me: OpsMe) {
    localStorage.setItem(TOKEN_KEY, 'ops_token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        gets.push(url);
        if (url === '/ops/auth/me') return reply(0, me);
        if (url.startsWith('/ops/assistant/usage')) return reply(0, usage);
        return reply(0, null);
      }),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/assistant'] });
    render(
      <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
        <AntApp>
          <QueryClientProvider client={makeQueryClient()}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>,
    );
  }

  it('客服 holds assistant:view: 助手 is in the menu and opens', async () => {
    renderConsole(operator('service'));
    const nav = await screen.findByRole('navigation', { name: '管理后台菜单' });
    expect(within(nav).getByRole('menuitem', { name: /助手/ })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '助手' })).toBeInTheDocument();
    expect(await screen.findByTestId('questions-chart')).toBeInTheDocument();
  });

  it('财务 does not: no menu entry, 无权访问 by address, and nothing is asked of the server', async () => {
    renderConsole(operator('finance'));
    const nav = await screen.findByRole('navigation', { name: '管理后台菜单' });
    expect(within(nav).queryByRole('menuitem', { name: /助手/ })).toBeNull();
    expect(await screen.findByText('无权访问')).toBeInTheDocument();
    expect(gets.some((u) => u.startsWith('/ops/assistant/'))).toBe(false);
  });
});
