// Learns, per database, the §4.4 operations the upstream evidently does not offer: an
// extension that answers 501, or 404 for every definition of entries that exist, and never
// anything else. Such an operation is not asked for again until the learning expires (the
// upstream may gain it), and the operator is told once.

/** 404s from at least this many definitions of at least MIN_ENTRIES entries, and no success. */
const MIN_DEFINITIONS = 24;
const MIN_ENTRIES = 3;

interface Evidence {
  misses: number;
  entries: Set<string>;
  /** It once answered 2xx in this database: it exists. */
  offered: boolean;
  lackingUntil?: number;
}

export class MissingOperations {
  private readonly evidence = new Map<string, Evidence>();

  constructor(
    private readonly forgetAfterMs: number,
    private readonly log: (message: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  private of(database: string, operation: string): Evidence {
    const key = `${database}\0${operation}`;
    let evidence = this.evidence.get(key);
    const expired = evidence?.lackingUntil !== undefined && evidence.lackingUntil <= this.now();
    if (!evidence || expired) {
      evidence = { misses: 0, entries: new Set(), offered: false };
      this.evidence.set(key, evidence);
    }
    return evidence;
  }

  lacks(database: string, operation: string): boolean {
    return this.of(database, operation).lackingUntil !== undefined;
  }

  /** What an extension operation answered for a definition of an entry that exists. */
  record(database: string, entryId: string, operation: string, status: number): void {
    const evidence = this.of(database, operation);
    if (evidence.offered || evidence.lackingUntil !== undefined) return;
    if (status >= 200 && status < 300) {
      evidence.offered = true;
      return;
    }
    if (status === 404) {
      evidence.misses++;
      if (evidence.entries.size < MIN_ENTRIES) evidence.entries.add(entryId);
    }
    const lacking =
      status === 501 || status === 405 || (evidence.misses >= MIN_DEFINITIONS && evidence.entries.size >= MIN_ENTRIES);
    if (!lacking) return;
    evidence.lackingUntil = this.now() + this.forgetAfterMs;
    this.log(
      `The dictionary service does not seem to offer "${operation}" in database "${database}" ` +
        `(${status === 404 ? `404 for ${evidence.misses} definitions of existing entries` : `answered ${status}`}); ` +
        `not asking for it for ${Math.round(this.forgetAfterMs / 60_000)} minutes.`,
    );
  }
}
