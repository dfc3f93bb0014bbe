import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Code, fail } from '@mall/shared';
import { AppError } from '../../../lib/errors.ts';
import { memberOf, requireMember } from '../../accounts/index.ts';
import { buildMcpServer } from './mcp-server.ts';

/**
 * The assistant's tools for a buyer's own AI agent: MCP over Streamable HTTP at POST
 * /member/assistant/mcp, stateless (a new server and transport per request, plain JSON replies), so
 * any of several server processes can answer. The member's access token (Authorization: Bearer, as
 * for the buyer API) decides whose data the tools see; without a live one the reply is HTTP 401 with
 * `WWW-Authenticate: Bearer`, as MCP clients expect, and the shop's envelope as its body.
 */
export const MCP_PATH = '/member/assistant/mcp';

const AUTH_CODES = new Set<number>([Code.NOT_SIGNED_IN, Code.ACCESS_TOKEN_EXPIRED, Code.SESSION_OVER]);

export async function mcpRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post(MCP_PATH, async (req, reply) => {
    if (!(await signedIn(req, reply))) return reply;
    const member = { memberId: memberOf(req).memberId };
    reply.hijack();
    const raw = reply.raw;
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
    const server = buildMcpServer(ctx, member);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req.raw, raw, req.body);
    } catch (err) {
      ctx.log.error({ err }, 'assistant MCP request failed');
      if (!raw.headersSent) {
        raw.writeHead(500, { 'content-type': 'application/json' });
        raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: '系统繁忙，请稍后再试' }, id: null }));
      }
    }
    return reply;
  });

  // Stateless: no server-sent stream to open (GET) and no session to end (DELETE).
  const notAllowed = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'POST')
      .send({ jsonrpc: '2.0', error: { code: -32000, message: '仅支持 POST (method not allowed)' }, id: null });
  app.get(MCP_PATH, notAllowed);
  app.delete(MCP_PATH, notAllowed);
}

/** The buyer API's guard, answered the way MCP clients understand: 401 (403 for a disabled member). */
async function signedIn(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  try {
    await requireMember(req);
    return true;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const status = AUTH_CODES.has(err.code) ? 401 : err.code === Code.MEMBER_DISABLED ? 403 : 400;
    if (status === 401) reply.header('www-authenticate', 'Bearer');
    await reply.code(status).send(fail(err.code, err.message));
    return false;
  }
}
