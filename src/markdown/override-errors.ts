import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DocsItError } from '../errors';

const sourceMapComment = '//# docsItSourceMap=';
const inlineMap = /\/\/# docsItSourceMap=([A-Za-z0-9+/=]+)\s*$/;

/**
 * A bundle of the site's overrides with its source map in a comment at its end (not `sourceMappingURL`, which Node
 * would apply to stacks itself, naming files beside the bundle that do not exist).
 */
export function withSourceMap(code: string, map: Uint8Array): string {
  const withoutStandard = code.replace(/\/\/# sourceMappingURL=\S+\s*$/, '');
  return `${withoutStandard}\n${sourceMapComment}${Buffer.from(map).toString('base64')}\n`;
}
const maps = new Map<string, SourceMap | undefined>();

/** The source map a bundle of the site's overrides carries at its end (see `withSourceMap`). */
function mapOf(bundleFile: string): SourceMap | undefined {
  if (!maps.has(bundleFile)) {
    const found = inlineMap.exec(readFileSync(bundleFile, 'utf8'));
    const payload = found && (JSON.parse(Buffer.from(found[1]!, 'base64').toString('utf8')) as SourceMapPayload);
    maps.set(bundleFile, payload ? new SourceMap(payload) : undefined);
  }
  return maps.get(bundleFile);
}

/**
 * An error thrown while the site's overrides of theme components drew something, located in the override it came
 * from: the first frame of its stack in the overrides' bundle (`bundleFile`, whose sources are named from the
 * site's folder), mapped back to the site's file and line. `doing` says what failed (`rendering /docs/x`).
 * Undefined for an error thrown elsewhere.
 */
export function overrideErrorIn(error: unknown, bundleFile: string, doing: string): DocsItError | undefined {
  if (!(error instanceof Error) || !error.stack) return undefined;
  const url = pathToFileURL(bundleFile).href;
  for (const line of error.stack.split('\n')) {
    const at = line.indexOf(url);
    if (at < 0) continue;
    const position = /^:(\d+):(\d+)/.exec(line.slice(at + url.length));
    const map = position && mapOf(bundleFile);
    if (!position || !map) continue;
    const entry = map.findEntry(Number(position[1]) - 1, Number(position[2]) - 1) as {
      originalSource?: string;
      originalLine?: number;
      originalColumn?: number;
    };
    if (!entry.originalSource) continue;
    const source = entry.originalSource.startsWith('file:')
      ? fileURLToPath(entry.originalSource)
      : entry.originalSource;
    return new DocsItError(
      `${doing} failed: an override of a theme component threw: ${error.message}`,
      { file: source, line: entry.originalLine! + 1, column: entry.originalColumn! + 1 },
      'Fix the override: it throws while it renders this page.',
    );
  }
  return undefined;
}
