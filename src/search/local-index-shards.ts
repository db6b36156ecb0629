/*
 * The whole-index form of the local index's files: the build makes them from a stream of pages instead
 * (local-index-writer.ts, the same bytes: test/search-stream.test.ts checks one against the other); this form is
 * what tests and benchmarks cut an index built in memory with, at any shard sizes.
 * Cuts the whole local index into the files the browser loads (see local-index-format.ts): an entry of fixed
 * size, term shards, each with its postings files, and one text file per page. Shards are cut by their JSON size,
 * so none grows with the site: a larger site has more of them, and a query still loads only those of its words.
 */
import {
  fields,
  type LocalIndexEntry,
  type LocalIndexFile,
  type LocalTextShard,
  localIndexVersion,
  maxShardBytes,
  type PageText,
  pageCode,
  pageFields,
  sectionCode,
  shardName,
  shardPaths,
  type TermShard,
} from '../shared/search/local-index-format';
import { identifierParts, termIndexer, wholeWords } from '../shared/search/text-terms';
import { defaultShardSizes, PostingsPacker, type ShardSizes, TermPacker, TermShardCutter } from './shard-packer';

export { defaultShardSizes, type ShardSizes } from './shard-packer';

/**
 * The published files of a local index, by path under the search folder (`local-index.json`, `terms/`,
 * `postings/`, `text/`). The same index gives the same files, whatever the sizes; only how they are cut changes.
 */
export function shardLocalIndex(
  index: LocalIndexFile,
  texts: readonly LocalTextShard[],
  sizes: ShardSizes = defaultShardSizes,
): Map<string, string> {
  const files = new Map<string, string>();
  const pageCount = index.pages.length;
  const weights: number[] = [];
  const weightOf = (w: number) => {
    const i = weights.indexOf(w);
    return i < 0 ? weights.push(w) - 1 : i;
  };
  // What the ranking needs of each document, written into every posting entry of the document.
  const indexTerm = termIndexer(index.stop);
  // Identifiers count as one word: a query names them whole, or by parts that all stand in the heading.
  const wordCount = (text: string) => new Set(wholeWords(text).map(indexTerm).filter(Boolean)).size;
  /** The searchable words of a text with its identifiers cut into their parts. */
  const partCount = (text: string) =>
    new Set(
      wholeWords(text)
        .flatMap((word) => {
          const parts = identifierParts(word);
          return parts.length ? parts : [word];
        })
        .map(indexTerm)
        .filter(Boolean),
    ).size;
  const pageWeight = index.pages.map(([, , , weight]) => weightOf(weight));
  const w = weights.length;
  const pageCodes = index.pages.map(([, , title], page) => pageCode.encode(pageWeight[page]!, w, wordCount(title)));
  const firstSection = new Int32Array(pageCount).fill(-1);
  const sectionCodes = index.sections.map(([page, anchor, headings], s) => {
    if (firstSection[page] === -1) firstSection[page] = s;
    return sectionCode.encode({
      weight: pageWeight[page]!,
      weights: w,
      top: firstSection[page] === s,
      noAnchor: !anchor,
      depth: headings.length,
      words: wordCount(headings[headings.length - 1] ?? ''),
      parts: Math.max(
        0,
        partCount(headings[headings.length - 1] ?? '') - wordCount(headings[headings.length - 1] ?? ''),
      ),
    });
  });
  const documents: Documents = {
    pageLengths: index.pageLengths,
    sectionLengths: index.sectionLengths,
    pageCodes,
    sectionCodes,
    pageOf: index.sections.map(([page]) => page),
  };

  // Each term's list re-encoded with its documents' figures; the terms cut into term shards (`TermShardCutter`),
  // each shard's lists packed into postings files of its own by size; the entry keeps each shard's first term and
  // offset.
  const postings = new PostingsPacker(sizes.postings);
  const termPacker = new TermPacker();
  const cutter = new TermShardCutter(sizes.terms);
  const firsts: [string, number][] = [];
  const endShard = () => {
    if (!firsts.length) return;
    postings.end();
    const name = shardName(firsts[firsts.length - 1]![0]);
    files.set(shardPaths.terms(name), JSON.stringify(termPacker.take()));
    for (const [k, json] of postings.take()) files.set(shardPaths.postings(name, k), json);
  };
  let from = 0;
  index.terms.forEach((term, t) => {
    const rawSize = index.postings[t]!.length;
    if (cutter.starts(term, rawSize)) {
      endShard();
      postings.restart();
      firsts.push([term, t]);
      from = t;
    }
    const at = postings.add(t - from, encodePostings(index.postings[t]!, documents));
    termPacker.add(term, index.stems ? index.stems[t]! : '', rawSize, at);
  });
  endShard();

  texts.forEach((blocks, page) => {
    const [url, category, title] = index.pages[page]!;
    const from = firstSection[page]!;
    const text: PageText = [
      url,
      index.categories[category]!,
      title,
      from,
      blocks.map((b, i) => {
        const [, anchor, headings] = index.sections[from + i]!;
        return [anchor, headings, b];
      }),
    ];
    files.set(shardPaths.text(page), JSON.stringify(text));
  });

  const entry: LocalIndexEntry = {
    v: localIndexVersion,
    stop: index.stop,
    synonyms: index.synonyms,
    stemmer: index.stemmer,
    weights,
    pageCount,
    sectionCount: index.sections.length,
    averages: index.averages,
    termShards: firsts,
    termCount: index.terms.length,
  };
  files.set('local-index.json', JSON.stringify(entry));
  // Only a single word can make a shard this large (they are cut smaller): say which and where it is.
  for (const [file, json] of files) {
    if (json.length <= maxShardBytes || !file.startsWith('terms/')) continue;
    const { terms } = JSON.parse(json) as TermShard;
    const longest = terms.reduce((a, b) => (b.length > a.length ? b : a));
    throw new Error(
      `search: ${file} is ${json.length} bytes, over the ${maxShardBytes}-byte limit of a shard: the word ` +
        `"${longest.slice(0, 40)}…" (${longest.length} characters) on ${pageOfTerm(index, longest)} is one word ` +
        'to the search; break it with spaces or punctuation, or leave the page out of search (noindex)',
    );
  }
  return files;
}

/** The URL of the first page that holds `term`. */
function pageOfTerm(index: LocalIndexFile, term: string): string {
  const raw = index.postings[index.terms.indexOf(term)]!;
  const field = raw[0]!;
  const doc = raw[2]! - 1;
  return index.pages[field < pageFields.length ? doc : index.sections[doc]![0]]![0];
}

/** What a posting entry carries of its document, by document. */
interface Documents {
  pageLengths: readonly number[];
  sectionLengths: readonly number[];
  pageCodes: readonly number[];
  sectionCodes: readonly number[];
  pageOf: readonly number[];
}

/** A term's posting list (`LocalIndexFile.postings` encoding) re-encoded as `PostingsShard` says. */
function encodePostings(raw: readonly number[], documents: Documents): number[] {
  const out: number[] = [];
  const pFields = pageFields.length;
  const sFields = fields.length - pFields;
  const parentField = fields.indexOf('p');
  for (let i = 0; i < raw.length; ) {
    const field = raw[i++]!;
    const n = raw[i++]!;
    out.push(field, 0);
    const countAt = out.length - 1;
    let count = 0;
    let doc = -1;
    let previous = -1;
    let previousPage = -1;
    for (const end = i + n; i < end; ) {
      doc += raw[i++]!;
      let tf = 1;
      while (i < end && raw[i] === 0) {
        tf++;
        i++;
      }
      count++;
      out.push(doc - previous);
      previous = doc;
      if (field < pFields) out.push(tf, documents.pageLengths[doc * pFields + field]!, documents.pageCodes[doc]!);
      else if (field !== parentField) {
        const page = documents.pageOf[doc]!;
        out.push(page - previousPage, tf, documents.sectionLengths[doc * sFields + field - pFields]!);
        out.push(documents.sectionCodes[doc]!);
        previousPage = page;
      }
    }
    out[countAt] = count;
  }
  return out;
}
