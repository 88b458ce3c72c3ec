// The description a model reads in tools/list or prompts/list: what to pass, and where it usually is.
const TOOL_DESCRIPTION = 'Absolute path (or file:// URI) of the directory to work in, usually the project root the user has open';
const PROMPT_DESCRIPTION = 'Absolute path (or file:// URI) of the directory this prompt is about, usually the project root the user has open';

export function describeParam(kind: 'tool' | 'prompt' | 'low-level-tool', optional: boolean): string {
  const base = kind === 'prompt' ? PROMPT_DESCRIPTION : TOOL_DESCRIPTION;
  return optional ? `${base}; leave it out to use the server default` : base;
}
