/**
 * What is kept of a tool's arguments in assistant_tool_calls and shown in the tool event: the
 * arguments as the tool read them, with anything that looks like personal data (a mobile number, an
 * ID number, an e-mail address) masked, and long text cut, since a model may put anything in a keyword.
 */
const PERSONAL = [/1[3-9]\d{9}/g, /\d{17}[\dXx]/g, /[\w.+-]+@[\w-]+\.[\w.-]+/g];
const MAX_TEXT = 100;

export function loggableArgs(value: unknown, depth = 0): unknown {
  if (depth > 4) return null;
  if (typeof value === 'string') {
    const masked = PERSONAL.reduce((s, pattern) => s.replace(pattern, '***'), value);
    return [...masked].slice(0, MAX_TEXT).join('');
  }
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => loggableArgs(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .slice(0, 20)
        .map(([k, v]) => [k.slice(0, 40), loggableArgs(v, depth + 1)]),
    );
  }
  return typeof value === 'number' || typeof value === 'boolean' ? value : null;
}
