import type { BuildOptions } from 'esbuild';

export declare const externalPackages: string[];
export declare const cliEntry: string;
export declare const codeVersionsFile: string;
export declare function cliBundleOptions(
  packageRoot: string,
  outDir: string,
  options?: { sourcemap?: boolean },
): BuildOptions & { metafile: true };
export declare function checkoutCliDir(packageRoot: string): string;
export declare function checkoutBundleIsCurrent(packageRoot: string): boolean;
export declare function runningCliDir(packageRoot: string, cliDir: string | undefined): string | undefined;
export declare function loadWorkerModule(
  packageRoot: string,
  bundled: string,
  fromSources: () => Promise<unknown>,
): Promise<void>;
