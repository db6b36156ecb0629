/** Writes a synthetic site of `pages` pages (90% docs in folders of 50, 10% blog posts) and returns its folder. */
export declare function writeSyntheticSite(root: string, pages: number): string;
