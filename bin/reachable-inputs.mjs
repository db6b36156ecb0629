// Which of the project's own source files a module can reach, from an esbuild metafile. Used to key the
// compiled-page cache by the markdown pipeline's code alone: a template edit must not recompile every page.

/**
 * The project files (not `node_modules`) reachable from `entry` through static and dynamic imports, sorted.
 * @param {{ inputs: Record<string, { imports: { path: string; external?: boolean }[] }> }} metafile
 * @param {string} entry a path as the metafile names it (relative to esbuild's working directory)
 * @returns {string[]}
 */
export function reachableInputs(metafile, entry) {
  const seen = new Set();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file) || !(file in metafile.inputs)) continue;
    seen.add(file);
    for (const imported of metafile.inputs[file].imports) if (!imported.external) pending.push(imported.path);
  }
  if (!seen.has(entry)) throw new Error(`${entry} is not among the bundle's inputs`);
  return [...seen].filter((file) => !file.split('/').includes('node_modules')).sort();
}
