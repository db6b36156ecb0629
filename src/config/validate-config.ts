import type { z } from 'zod';
import { DocsItError, DocsItErrors } from '../errors';
import { configSchema, type SiteConfig } from './schema';

/** Validates a raw config object; every problem names its key, e.g. `i18n.locales[2].path: expected a string`. */
export function validateConfig(raw: unknown, file: string, source = ''): SiteConfig {
  const result = configSchema.safeParse(raw, { reportInput: true });
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => {
    const key = formatKeyPath(issue.path);
    return new DocsItError(
      `${key ? `${key}: ` : ''}${describeIssue(issue)}`,
      { file, ...lineOfKey(source, issue.path) },
      'Fix this value in the site config (see the types exported by defineConfig).',
    );
  });
  throw new DocsItErrors(errors);
}

/** `['i18n', 'locales', 2, 'path']` → `i18n.locales[2].path`. */
export function formatKeyPath(keys: readonly PropertyKey[]): string {
  let out = '';
  for (const key of keys) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

const typeNames: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
};

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    const expected = typeNames[issue.expected] ?? issue.expected;
    return `expected ${expected}${issue.input === undefined ? ' (missing)' : `, got ${describeValue(issue.input)}`}`;
  }
  if (issue.code === 'invalid_value') return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  if (issue.code === 'invalid_union') return 'does not match any allowed form';
  if (issue.code === 'unrecognized_keys')
    return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return issue.message;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** Best-effort line of the deepest named key of a path in the config source. */
function lineOfKey(source: string, keys: readonly PropertyKey[]): { line?: number; column?: number } {
  const names = keys.filter((k): k is string => typeof k === 'string');
  const last = names[names.length - 1];
  if (!source || !last) return {};
  const lines = source.split('\n');
  const pattern = new RegExp(`(^|[\\s{,])["']?${last.replace(/[^\w-]/g, '')}["']?\\s*:`);
  for (let i = 0; i < lines.length; i++) {
    const match = pattern.exec(lines[i]!);
    if (match) return { line: i + 1, column: match.index + match[1]!.length + 1 };
  }
  return {};
}
