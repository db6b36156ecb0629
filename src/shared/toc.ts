/** An entry of a page's table of contents. */
export interface TocItem {
  id: string;
  value: string;
  level: number;
}
