/*
 * What the search files take from one page, made from that page alone: its records as the records' pieces
 * (records-files.ts) take them, its text file around its first section's number, and each of its documents'
 * fields as the index counts them (distinct words, and each term with its occurrences). The index is assembled
 * from these in page order (local-index-writer.ts); a build keeps them in the cache folder by a key of the page
 * and the site's search settings, so that an edit makes again only the edited page's part.
 */
import { pageFields, type SectionDocument, sectionCode, sectionFields } from '../shared/search/local-index-format';
import { identifierParts, termIndexer, wholeWords, wordPattern } from '../shared/search/text-terms';
import { pageRecords, pageWeightOfRecord, type RecordOptions, type SearchPage, type SearchRecord } from './records';

/** A field of a document: how many distinct words it has, and each of its terms with how often it occurs. */
export type FieldTerms = [length: number, terms: string[], counts: number[]];

export interface PagePart {
  /** What the part was made from (`pagePartKey`): a part read back under another key is not this page's. */
  key: string;
  url: string;
  /** See `pageWeightOf`. */
  weight: number;
  /**
   * Its records, each as `JSON.stringify` makes it, joined by commas; and how many. A part read back from the cache
   * folder has them as the file's bytes (`partOfFile`): a piece of the records takes them as they are, never decoded.
   */
  records: string | Uint8Array;
  recordCount: number;
  /** Its text file (`PageText`) is `${textHead},${first section's number},${textTail}]`. */
  textHead: string;
  textTail: string;
  /** Distinct terms of its title, counting an identifier as one word (its page code without the weight). */
  titleWords: number;
  /** Its page document's fields (`pageFields`). */
  page: FieldTerms[];
  /** Per section, its code without its page's weight and its fields (`sectionFields`). */
  sections: [code: number, fields: FieldTerms[]][];
}

/** A part as `PagePartMaker` makes it: its records a string. */
export type MadePart = PagePart & { records: string };

const headingsOf = (r: SearchRecord) => {
  const levels = [r.hierarchy_lvl2, r.hierarchy_lvl3, r.hierarchy_lvl4, r.hierarchy_lvl5, r.hierarchy_lvl6];
  while (levels.length && levels[levels.length - 1] === null) levels.pop();
  return levels;
};

/**
 * A term as the maker remembers it, counted in place: `fieldTerms` puts it at `slot` of the field it counts now
 * (`field`), so no map of counts is made per field.
 */
interface CountedTerm {
  term: string;
  field: number;
  slot: number;
}

/**
 * A word as the maker remembers it: its term (null: a stop word), the last field it was counted in, and its
 * identifier parts as remembered words (`identifierParts`; undefined: not looked for yet, null: some part is past
 * the remembered words).
 */
interface RememberedWord {
  term: CountedTerm | null;
  field: number;
  parts: RememberedWord[] | null | undefined;
}

/** A word's parts when it has none (most words). */
const noParts: RememberedWord[] = [];

/** How many distinct words the maker remembers with their terms (`PagePartMaker.wordTerms`). */
const rememberedWords = 32 * 1024;

/** Makes the parts of a site's pages with its stop words (one maker per build: it remembers words' terms). */
export class PagePartMaker {
  private readonly indexTerm: (word: string) => string | null;
  /**
   * Each word as the pages write it, with its term (null: a stop word): folding a word again for each of its
   * occurrences is most of the indexing's time. At most `rememberedWords` of them: the frequent words come early in
   * any site, and the rarer ones (numbers, names) would make it grow with the site.
   */
  private readonly wordTerms = new Map<string, RememberedWord>();
  /** The remembered words' terms, each once (several words fold to one term: `Rust`, `rust`). */
  private readonly terms = new Map<string, CountedTerm>();
  /** Words of a text: `wordPattern`'s own copy, its `lastIndex` the maker's alone. */
  private readonly words = new RegExp(wordPattern.source, wordPattern.flags);
  /** The field `fieldTerms` counts now: a remembered word last counted in another field is new to this one. */
  private field = 0;
  /** The field's distinct words so far, its terms and their counts. */
  private fieldWords = 0;
  private fieldTermsOf: string[] = [];
  private fieldCounts: number[] = [];
  /** The field's words and terms beyond those remembered, each counted once (a remembered one knows it was). */
  private others: Set<string> | undefined;
  private otherTerms: Map<string, CountedTerm> | undefined;

  /** `remembered`: how many words to remember (`rememberedWords`; tests take fewer, to reach the words beyond). */
  constructor(
    stopWords: readonly string[],
    private readonly remembered = rememberedWords,
  ) {
    this.indexTerm = termIndexer(stopWords);
  }

  /** The part of a page (`key`: what it is made from, see `PagePart.key`). */
  partOf(page: SearchPage, options: RecordOptions, key = ''): MadePart {
    return this.partOfRecords(pageRecords(page, options), key);
  }

  /** The part of a page given its records (in order, as `pageRecords` makes them; at least its title's). */
  partOfRecords(records: readonly SearchRecord[], key = ''): MadePart {
    const first = records[0];
    if (!first) throw new Error('search: a page has no records');
    const sections: { anchor: string; headings: (string | null)[]; doc: SectionDocument; blocks: string[] }[] = [];
    for (const r of records) {
      if (r.type !== 'content' || sections.length === 0) {
        const headings = headingsOf(r);
        const present = headings.filter((h): h is string => h !== null);
        // A text block before any heading of its page belongs to the page's top (no heading of its own).
        const own = r.type === 'content' || r.type === 'lvl1' ? '' : (present.pop() ?? '');
        sections.push({ anchor: r.anchor ?? '', headings, doc: { h: own, p: present.join(' '), c: '' }, blocks: [] });
      }
      if (r.content !== null) {
        const section = sections[sections.length - 1]!;
        section.doc.c = section.doc.c ? `${section.doc.c}\n${r.content}` : r.content;
        section.blocks.push(r.content);
      }
    }
    const pageDocument = {
      k: first.hierarchy_lvl0,
      t: first.hierarchy_lvl1,
      m: first.keywords ?? '',
      d: first.description ?? '',
    };
    // The text file's first three items; its fourth, the first section's number, is known only in the site.
    const head = JSON.stringify([first.url, first.hierarchy_lvl0, first.hierarchy_lvl1]);
    return {
      key,
      url: first.url,
      weight: pageWeightOfRecord(first),
      // One `JSON.stringify` of the list is each record's, joined by commas, inside brackets: one call, no pieces.
      records: JSON.stringify(records).slice(1, -1),
      recordCount: records.length,
      textHead: head.slice(0, -1),
      textTail: JSON.stringify(sections.map(({ anchor, headings, blocks }) => [anchor, headings, blocks])),
      titleWords: this.wordCount(first.hierarchy_lvl1),
      page: pageFields.map((name) => this.fieldTerms(pageDocument[name])),
      sections: sections.map(({ anchor, headings, doc }, i) => {
        const heading = headings[headings.length - 1] ?? '';
        const words = this.wordCount(heading);
        const code = sectionCode.encode({
          weight: 0,
          weights: 1,
          top: i === 0,
          noAnchor: !anchor,
          depth: headings.length,
          words,
          parts: Math.max(0, this.partCount(heading) - words),
        });
        return [code, sectionFields.map((name) => this.fieldTerms(doc[name]))];
      }),
    };
  }

  /**
   * A field as MiniSearch counts it: its length is its distinct words, stop words included, each word followed by
   * its identifier parts (`tokenize`'s words); its terms in the order they first occur. One pass over the text:
   * each word's term and parts are found once a build (`wordOf`, `partsOf`), and each term counted where it is kept.
   */
  private fieldTerms(text: string): FieldTerms {
    this.field++;
    this.fieldWords = 0;
    this.others = undefined;
    this.otherTerms = undefined;
    const terms: string[] = [];
    const counts: number[] = [];
    this.fieldTermsOf = terms;
    this.fieldCounts = counts;
    const pattern = this.words;
    pattern.lastIndex = 0;
    for (let found = pattern.exec(text); found !== null; found = pattern.exec(text)) {
      const word = found[0];
      const known = this.wordOf(word);
      if (known) this.countWord(known);
      else this.countOther(word);
      if (known && known.parts === undefined) known.parts = this.partsOf(word);
      const parts = known?.parts;
      if (parts) for (const part of parts) this.countWord(part);
      else {
        for (const part of identifierParts(word)) {
          const knownPart = this.wordOf(part);
          if (knownPart) this.countWord(knownPart);
          else this.countOther(part);
        }
      }
    }
    return [this.fieldWords, terms, counts];
  }

  /** Counts a term in the field `fieldTerms` counts. */
  private count(counted: CountedTerm): void {
    if (counted.field === this.field) this.fieldCounts[counted.slot]!++;
    else {
      counted.field = this.field;
      counted.slot = this.fieldTermsOf.length;
      this.fieldTermsOf.push(counted.term);
      this.fieldCounts.push(1);
    }
  }

  /** Counts a remembered word in the field `fieldTerms` counts. */
  private countWord(word: RememberedWord): void {
    if (word.field !== this.field) {
      word.field = this.field;
      this.fieldWords++;
    }
    if (word.term) this.count(word.term);
  }

  /** Counts a word past the remembered ones in the field `fieldTerms` counts. */
  private countOther(word: string): void {
    this.others ??= new Set();
    if (!this.others.has(word)) {
      this.others.add(word);
      this.fieldWords++;
    }
    const term = this.indexTerm(word);
    if (!term) return;
    let counted = this.terms.get(term);
    if (!counted) {
      this.otherTerms ??= new Map();
      counted = this.otherTerms.get(term);
      if (!counted) {
        counted = { term, field: 0, slot: 0 };
        this.otherTerms.set(term, counted);
      }
    }
    this.count(counted);
  }

  /** A word as remembered, remembering it if there is room (undefined: past the remembered words). */
  private wordOf(word: string): RememberedWord | undefined {
    const known = this.wordTerms.get(word);
    if (known || this.wordTerms.size >= this.remembered) return known;
    const folded = this.indexTerm(word);
    let term: CountedTerm | null = null;
    if (folded !== null) {
      term = this.terms.get(folded) ?? null;
      if (!term) {
        // A copy of the term, and of the word below: a word cut from a page's text may hold the whole text in memory.
        const copy = Buffer.from(folded).toString();
        term = { term: copy, field: 0, slot: 0 };
        this.terms.set(copy, term);
      }
    }
    const remembered: RememberedWord = { term, field: 0, parts: undefined };
    this.wordTerms.set(Buffer.from(word).toString(), remembered);
    return remembered;
  }

  /** A remembered word's parts, each remembered (null: one of them is past the remembered words). */
  private partsOf(word: string): RememberedWord[] | null {
    const parts = identifierParts(word);
    if (parts.length === 0) return noParts;
    const known: RememberedWord[] = [];
    for (const part of parts) {
      const remembered = this.wordOf(part);
      if (!remembered) return null;
      known.push(remembered);
    }
    return known;
  }

  /** Identifiers count as one word: a query names them whole, or by parts that all stand in the heading. */
  private wordCount(text: string): number {
    return new Set(wholeWords(text).map(this.indexTerm).filter(Boolean)).size;
  }

  /** The searchable words of a text with its identifiers cut into their parts. */
  private partCount(text: string): number {
    return new Set(
      wholeWords(text)
        .flatMap((word) => {
          const parts = identifierParts(word);
          return parts.length ? parts : [word];
        })
        .map(this.indexTerm)
        .filter(Boolean),
    ).size;
  }
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

const isFieldTerms = (value: unknown) => {
  if (!Array.isArray(value) || value.length !== 3) return false;
  const [length, terms, counts] = value as unknown[];
  return (
    isCount(length) &&
    Array.isArray(terms) &&
    Array.isArray(counts) &&
    terms.length === counts.length &&
    terms.every((term) => typeof term === 'string' && term !== '') &&
    counts.every((count) => isCount(count) && count > 0)
  );
};

const isFields = (value: unknown, names: readonly string[]) =>
  Array.isArray(value) && value.length === names.length && value.every(isFieldTerms);

/** What a part's file holds before its records: the part without them, and their length in bytes. */
type PartHead = Omit<PagePart, 'records'> & { recordBytes: number };

/**
 * A part as the cache folder keeps it: its other fields as one line of JSON, then its records' JSON as it is (no
 * string of JSON inside JSON: reading it back decodes and unescapes only the head, see `partOfFile`).
 */
export function partFileOf(part: MadePart): string {
  const { records, ...rest } = part;
  const head: PartHead = { ...rest, recordBytes: Buffer.byteLength(records) };
  // `JSON.stringify` writes no line break, so the first one in the file ends the head.
  return `${JSON.stringify(head)}\n${records}`;
}

const newline = 10;

/**
 * The part a file of the cache folder holds, if it is one made under `key` (`partFileOf`): a file cut short, written
 * by other code or under another name is a miss, never part of an index.
 */
export function partOfFile(bytes: Uint8Array | undefined, key: string): PagePart | undefined {
  if (!bytes) return undefined;
  const end = bytes.indexOf(newline);
  if (end < 0) return undefined;
  let head: unknown;
  try {
    head = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, end).toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isPartHead(head, key) || bytes.length - end - 1 !== head.recordBytes) return undefined;
  const { recordBytes: _, ...part } = head;
  return { ...part, records: bytes.subarray(end + 1) };
}

/** Whether a value read back from the cache folder is the head of a part made under `key`. */
function isPartHead(value: unknown, key: string): value is PartHead {
  if (typeof value !== 'object' || value === null) return false;
  const part = value as Record<keyof PartHead, unknown>;
  return (
    part.key === key &&
    typeof part.url === 'string' &&
    typeof part.weight === 'number' &&
    isCount(part.recordBytes) &&
    (part.recordBytes as number) > 0 &&
    isCount(part.recordCount) &&
    part.recordCount > 0 &&
    typeof part.textHead === 'string' &&
    typeof part.textTail === 'string' &&
    isCount(part.titleWords) &&
    isFields(part.page, pageFields) &&
    Array.isArray(part.sections) &&
    part.sections.length > 0 &&
    part.sections.every(
      (section) =>
        Array.isArray(section) && section.length === 2 && isCount(section[0]) && isFields(section[1], sectionFields),
    )
  );
}
