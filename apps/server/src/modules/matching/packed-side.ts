import {
  type CompanyMatchFacets,
  type ExpertMatchFacets,
  type PackedCompanies,
  type PackedExperts,
  packCompanies,
  packExperts,
} from '@intergen/domain';

/** Which counterparts a side holds: the published experts or the published companies. */
export type SideName = 'experts' | 'companies';
type FacetsOf<S extends SideName> = S extends 'experts' ? ExpertMatchFacets : CompanyMatchFacets;
type PackedOf<S extends SideName> = S extends 'experts' ? PackedExperts : PackedCompanies;

/** Code-unit order, the one `ids` is kept in (binary search). */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The published profiles of one kind, packed for the kernel (two or three 32-bit words each) in id order,
 * in arrays with room to grow. A profile is added, replaced or removed in place: one binary search and a
 * `copyWithin` of the words after it (well under a millisecond at 100,000 profiles), so the order, and so the
 * kernel's tie-breaking by index, is the id order a full load gives.
 */
export class PackedSide<S extends SideName> {
  ids: string[] = [];
  private sets: Uint32Array = new Uint32Array(0);
  private traits: Uint32Array = new Uint32Array(0);
  private keys: Uint32Array = new Uint32Array(0);

  constructor(readonly side: S) {}

  get length(): number {
    return this.ids.length;
  }

  /** Replaces everything with these profiles (any order). */
  load(ids: readonly string[], facets: readonly FacetsOf<S>[]): void {
    const order = ids.map((_, i) => i);
    order.sort((a, b) => byCodeUnit(ids[a]!, ids[b]!));
    const packed = this.pack(order.map((i) => facets[i]!));
    const capacity = ids.length + Math.max(1024, ids.length >> 4);
    this.ids = order.map((i) => ids[i]!);
    this.sets = grown(packed.sets, capacity);
    this.traits = grown(packed.traits, capacity);
    this.keys = grown(
      'keys' in packed ? packed.keys : new Uint32Array(0),
      this.side === 'companies' ? capacity : 0,
    );
  }

  /** Adds or replaces one profile. */
  put(id: string, facets: FacetsOf<S>): void {
    const packed = this.pack([facets]);
    let at = this.find(id);
    if (at < 0) {
      at = ~at;
      this.ensure(this.length + 1);
      const n = this.length;
      for (const words of this.words()) words.copyWithin(at + 1, at, n);
      this.ids.splice(at, 0, id);
    }
    this.sets[at] = packed.sets[0]!;
    this.traits[at] = packed.traits[0]!;
    if ('keys' in packed) this.keys[at] = packed.keys[0]!;
  }

  /** Removes one profile; false when it was not held. */
  remove(id: string): boolean {
    const at = this.find(id);
    if (at < 0) return false;
    const n = this.length;
    for (const words of this.words()) words.copyWithin(at, at + 1, n);
    this.ids.splice(at, 1);
    return true;
  }

  has(id: string): boolean {
    return this.find(id) >= 0;
  }

  /** The packed profiles as the kernel reads them: views of the live arrays, valid until the next change. */
  packed(): PackedOf<S> {
    const n = this.length;
    const common = { length: n, sets: this.sets.subarray(0, n), traits: this.traits.subarray(0, n) };
    return (
      this.side === 'experts'
        ? { side: 'experts', ...common }
        : { side: 'companies', ...common, keys: this.keys.subarray(0, n) }
    ) as PackedOf<S>;
  }

  /** A copy that later changes do not touch (for a long batch). */
  snapshot(): { ids: string[]; packed: PackedOf<S> } {
    const view = this.packed() as PackedExperts | PackedCompanies;
    const copy = {
      ...view,
      sets: view.sets.slice(),
      traits: view.traits.slice(),
      ...('keys' in view ? { keys: view.keys.slice() } : {}),
    };
    return { ids: this.ids.slice(), packed: copy as PackedOf<S> };
  }

  /** Bytes of the typed arrays (allocated capacity). */
  get packedBytes(): number {
    return this.sets.byteLength + this.traits.byteLength + this.keys.byteLength;
  }

  /** The index of `id`, or `~insertionPoint` when absent. */
  private find(id: string): number {
    let lo = 0;
    let hi = this.ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = this.ids[mid]!;
      if (v < id) lo = mid + 1;
      else if (v > id) hi = mid - 1;
      else return mid;
    }
    return ~lo;
  }

  private words(): Uint32Array[] {
    return this.side === 'companies' ? [this.sets, this.traits, this.keys] : [this.sets, this.traits];
  }

  private ensure(size: number): void {
    if (size <= this.sets.length) return;
    const capacity = Math.max(size, this.sets.length * 2, 1024);
    this.sets = grown(this.sets, capacity);
    this.traits = grown(this.traits, capacity);
    if (this.side === 'companies') this.keys = grown(this.keys, capacity);
  }

  private pack(list: FacetsOf<S>[]): PackedExperts | PackedCompanies {
    return this.side === 'experts'
      ? packExperts(list as ExpertMatchFacets[])
      : packCompanies(list as CompanyMatchFacets[]);
  }
}

function grown(words: Uint32Array, capacity: number): Uint32Array {
  const next = new Uint32Array(capacity);
  next.set(words.subarray(0, Math.min(words.length, capacity)));
  return next;
}
