import type { BuildOptions } from 'esbuild';

export declare const externalPackages: string[];
export declare const cliEntry: string;
export declare const codeVersionsFile: string;
export declare function cliBundleOptions(
  packageRoot: string,
  outDir: string,
  options?: { sourcemap?: boolean },
): BuildOptions & { metafile: true };
