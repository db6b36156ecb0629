import type { BlogEditUrlParams, DocEditUrlParams, EditUrlFunction, EditUrlFunctions } from './edit-url-schema';

/**
 * The `editUrl` functions of a config that passed validation (`raw` as the config module exported it). Apart from the
 * schema: a build that reuses its validated config loads no schema.
 */
export function editUrlFunctionsOf(raw: unknown): EditUrlFunctions {
  const functionAt = (section: 'docs' | 'blog') => {
    const value = (raw as Record<string, { editUrl?: unknown } | undefined>)[section]?.editUrl;
    return typeof value === 'function' ? value : undefined;
  };
  const docs = functionAt('docs');
  const blog = functionAt('blog');
  return {
    ...(docs ? { docs: docs as EditUrlFunction<DocEditUrlParams> } : {}),
    ...(blog ? { blog: blog as EditUrlFunction<BlogEditUrlParams> } : {}),
  };
}
