import type { ToolDescription } from '../provider.ts';
import { describeTool, type AssistantTool } from './tool.ts';

/** Every tool the assistant may call, by name. */
const ALL: AssistantTool[] = [];

export const TOOLS = new Map(ALL.map((t) => [t.name, t]));
export const TOOL_DESCRIPTIONS: ToolDescription[] = ALL.map(describeTool);
