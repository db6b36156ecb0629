/**
 * An error of docs-it itself while it compiled a page: a bug to report, not something the writer can fix. Its own
 * module, so that the build's thread can tell one without loading the markdown pipeline (see `createCompiler`).
 */
export class CompileCrash extends Error {
  constructor(
    readonly file: string,
    override readonly cause: unknown,
  ) {
    super(`internal error while compiling ${file}: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'CompileCrash';
  }
}
