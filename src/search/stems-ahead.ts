/*
 * The index's words stemmed ahead of the search stage, on the build's thread while it would otherwise wait. A small
 * site's build makes most pages' search parts while its markdown stage waits for the highlighting thread
 * (`render-ahead.ts`); their words are then known long before the index numbers them. Stemming them in those waits
 * leaves the index's end only the words of the other pages: few enough to stem there, with no stem thread to start
 * and wait for (`LocalIndexWriter`, `StemThread`).
 */
import type { Stem } from '../shared/search/stemmers';
import type { FieldTerms, PagePart } from './page-part';

/**
 * Words stemmed in one turn of the event loop: about a millisecond without V8's optimizing compiler (a word costs
 * some 15 µs there), so that a message the build waits for is handled between two turns, never after all of them.
 */
const wordsPerTurn = 64;

/**
 * Words offered (`offer`), stemmed a few per turn of the event loop until `stop`; what is stemmed by then is `known`.
 */
export class StemsAhead {
  private readonly stems = new Map<string, string>();
  private readonly offered = new Set<string>();
  private readonly queue: string[] = [];
  private head = 0;
  private stem: Stem | undefined;
  private loading: Promise<void> | undefined;
  private scheduled = false;
  private stopped = false;

  /** `load`: the index's stemmer, loaded on the first word offered (a load that fails stems nothing ahead). */
  constructor(private readonly load: () => Promise<Stem>) {}

  /** Offers the words of a page's part, those not offered before. */
  offer(part: PagePart): void {
    if (this.stopped) return;
    const add = ([, terms]: FieldTerms) => {
      for (const term of terms) {
        if (this.offered.has(term)) continue;
        this.offered.add(term);
        this.queue.push(term);
      }
    };
    part.page.forEach(add);
    for (const [, fields] of part.sections) fields.forEach(add);
    this.loading ??= this.load().then(
      (stem) => {
        this.stem = stem;
      },
      () => this.stop(),
    );
    this.schedule();
  }

  /** Stems nothing more (the words left are the index's to stem). */
  stop(): void {
    this.stopped = true;
    this.queue.length = 0;
    this.head = 0;
  }

  /** Every word stemmed so far, with its stem. */
  get known(): ReadonlyMap<string, string> {
    return this.stems;
  }

  private schedule(): void {
    if (this.scheduled || this.stopped || this.head >= this.queue.length) return;
    this.scheduled = true;
    if (this.stem) setImmediate(this.step);
    else
      this.loading!.then(() => {
        this.scheduled = false;
        this.schedule();
      });
  }

  private readonly step = () => {
    this.scheduled = false;
    const stem = this.stem;
    if (this.stopped || !stem) return;
    const end = Math.min(this.queue.length, this.head + wordsPerTurn);
    for (; this.head < end; this.head++) {
      const word = this.queue[this.head]!;
      this.stems.set(word, stem(word));
    }
    if (this.head === this.queue.length) {
      this.queue.length = 0;
      this.head = 0;
    }
    this.schedule();
  };
}
