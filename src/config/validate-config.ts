import type * as z from 'zod';
import { DocsItError, DocsItErrors } from '../errors';
import { configLinksWithBaseUrl } from './base-url-links';
import { completeConfig, type SiteFolderFacts } from './config-defaults';
import { closestName, describeIssue, formatKeyPath } from './describe-issue';
import { lineOfKeyPath } from './locate-key';
import { type SiteConfig, siteSchema } from './site-schema';

/** A folder with docs, no blog and no favicon: what `validateConfig` assumes when not told. */
const docsOnly: SiteFolderFacts = { hasDocs: true, hasBlog: false, hasDefaultFavicon: false };

/**
 * Validates a raw config object. Every problem names its key path, its line in the config file, and what to
 * do; an unknown key (a misspelling, most of the time) says which known key is closest.
 */
export function validateConfig(raw: unknown, file: string, source = '', facts = docsOnly): SiteConfig {
  // Parsed once a run: zod's fast path for objects compiles a parser per schema with `new Function`, which costs
  // several times the interpreted parse of one config (the same issues, the same data).
  const result = siteSchema.safeParse(raw, { reportInput: true, jitless: true });
  if (result.success) return configLinksWithBaseUrl(completeConfig(result.data, facts));
  const errors = result.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeysAt(siteSchema, issue.path, raw);
      return issue.keys.map((key) => {
        const path = [...issue.path, key];
        const near = closestName(key, known);
        return new DocsItError(
          `${formatKeyPath(path)}: unknown key${near ? `; did you mean "${near}"?` : ''}`,
          { file, ...lineOfKeyPath(source, path) },
          near
            ? `Rename it to "${near}".`
            : `Remove it; the keys allowed here are: ${known.map((k) => `"${k}"`).join(', ')}.`,
        );
      });
    }
    const key = formatKeyPath(issue.path);
    return [
      new DocsItError(
        `${key ? `${key}: ` : ''}${describeIssue(issue)}`,
        { file, ...lineOfKeyPath(source, issue.path) },
        'Fix this value in the site config (the types of defineConfig describe every key).',
      ),
    ];
  });
  throw new DocsItErrors(errors);
}

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

/** The keys an object of the schema allows at `path` (through optional, default, lazy, array and union schemas). */
export function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[], raw: unknown): string[] {
  let current: AnySchema | undefined = schema as AnySchema;
  let value = raw;
  const unwrap = (s: AnySchema): AnySchema => {
    const def = s._zod.def;
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'prefault') {
      return unwrap(def.innerType as AnySchema);
    }
    if (def.type === 'lazy') return unwrap((def.getter as () => AnySchema)());
    // A preprocessed value's keys are those of the schema after the step (its `in` is the function).
    if (def.type === 'pipe') {
      const from = def.in as AnySchema;
      return unwrap((from._zod.def.type === 'transform' ? def.out : from) as AnySchema);
    }
    if (def.type === 'union') {
      const options = (def.options as AnySchema[]).map(unwrap);
      // The option whose `type` literal matches the value, or the first object option.
      const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
      const objects = options.filter((o) => o._zod.def.type === 'object');
      return (
        objects.find((o) => {
          const literal = (o._zod.def.shape as Record<string, AnySchema>).type?._zod.def;
          return literal?.type === 'literal' && (literal.values as unknown[]).includes(type);
        }) ??
        objects[0] ??
        s
      );
    }
    return s;
  };
  for (const key of path) {
    if (!current) return [];
    current = unwrap(current);
    const def: Record<string, unknown> & { type: string } = current._zod.def;
    value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
    if (def.type === 'object') current = (def.shape as Record<string, AnySchema>)[String(key)];
    else if (def.type === 'array') current = def.element as AnySchema;
    else if (def.type === 'record') current = def.valueType as AnySchema;
    else current = undefined;
  }
  if (!current) return [];
  const final = unwrap(current);
  return final._zod.def.type === 'object' ? Object.keys(final._zod.def.shape as object) : [];
}
