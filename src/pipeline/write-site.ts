import type { OutputFolder } from '../output/output-folder';
import type { OnProgress } from './progress';
import type { SiteFile, SiteFileGroup } from './site-files';

/** Files written and files kept from the previous build. */
export interface WriteCounts {
  written: number;
  reused: number;
}

/**
 * Writes files into the build, keeping the previous build's copy of each file whose key is unchanged (a hard
 * link: no bytes copied, nothing rendered). Files are produced one at a time, so memory stays flat on large sites.
 */
export async function writeFiles(
  files: SiteFile[],
  writer: OutputFolder,
  onProgress?: OnProgress,
): Promise<WriteCounts> {
  const { reuse } = writer;
  const counts: WriteCounts = { written: 0, reused: 0 };
  for (const file of files) {
    const key = file.key ? await file.key() : undefined;
    const previous = key === undefined ? undefined : reuse.reusable(file.path, key);
    if (previous) {
      await writer.link(file.path, previous.path, previous.written);
      counts.reused++;
    } else {
      await writer.write(file.path, await file.contents(), file.source);
      counts.written++;
    }
    if (key !== undefined) reuse.record(file.path, key, writer.fileInfo(file.path)!);
    onProgress?.(counts.written + counts.reused, files.length);
  }
  return counts;
}

/** Writes a group of files made together, or keeps all of the previous build's when its key is unchanged. */
export async function writeGroup(group: SiteFileGroup, writer: OutputFolder): Promise<WriteCounts> {
  const { reuse } = writer;
  const key = await group.key();
  const previous = reuse.reusableGroup(group.name, key);
  const files: string[] = [];
  if (previous) {
    for (const file of previous) {
      await writer.link(file.file, file.path, file.written);
      files.push(file.file);
    }
  } else {
    for (const [file, contents] of await group.contents()) {
      await writer.write(file, contents);
      files.push(file);
    }
  }
  for (const file of files) reuse.record(file, key, writer.fileInfo(file)!);
  reuse.recordGroup(group.name, key, files);
  return previous ? { written: 0, reused: files.length } : { written: files.length, reused: 0 };
}

/** Copies files into the build as they are. */
export async function copyFiles(copies: { path: string; from: string }[], writer: OutputFolder): Promise<void> {
  await Promise.all(copies.map((copy) => writer.copy(copy.from, copy.path)));
}
