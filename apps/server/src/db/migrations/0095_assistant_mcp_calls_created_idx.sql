-- The console's 助手 screen counts MCP calls of every member over a period (per day, per tool): read by
-- time, as assistant_tool_calls is, rather than through the per-member index.
CREATE INDEX assistant_mcp_calls_created_idx ON assistant_mcp_calls (created_at);
