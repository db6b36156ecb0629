/** What the writer knows of a file it wrote: its size and a content hash (a precache revision). */
export interface WrittenFile {
  size: number;
  revision: string;
}
