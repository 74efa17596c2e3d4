/**
 * A small seeded pseudo-random generator (sfc32, seeded through splitmix32) so the demo and
 * benchmark data sets are reproducible: the same seed gives the same stores, staff and ids.
 * Not for anything secret.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** One item, chosen with probability proportional to its weight. */
  pickWeighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** true with probability p. */
  chance(p: number): boolean;
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
  /** k distinct items (all of them when k ≥ length), in random order. */
  sample<T>(items: readonly T[], k: number): T[];
  /** A 24-character lowercase alphanumeric id; a prefix, when given, takes its first characters. */
  id(prefix?: string): string;
  /** An independent generator derived from this one (keeps phases stable when another changes). */
  fork(label: string): Random;
}

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

function hashString(text: string): number {
  // FNV-1a, 32 bits.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRandom(seed: number): Random {
  const init = splitmix32(Math.trunc(seed) >>> 0);
  let a = init();
  let b = init();
  let c = init();
  let d = init() | 1;

  const nextUint32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  // Warm up: the first outputs of sfc32 correlate with the seed.
  for (let i = 0; i < 12; i++) nextUint32();

  const next = () => nextUint32() / 4294967296;

  const int = (min: number, max: number): number => {
    if (!Number.isFinite(min) || !Number.isFinite(max) || max < min) {
      throw new RangeError(`int(${min}, ${max}): empty range`);
    }
    return min + Math.floor(next() * (Math.floor(max) - Math.ceil(min) + 1));
  };

  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError("pick from an empty list");
    return items[Math.floor(next() * items.length)] as T;
  };

  const pickWeighted = <T>(items: readonly T[], weights: readonly number[]): T => {
    if (items.length === 0 || items.length !== weights.length) {
      throw new RangeError("pickWeighted needs as many weights as items, and at least one");
    }
    let total = 0;
    for (const w of weights) total += Math.max(0, w);
    if (total <= 0) return pick(items);
    let r = next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= Math.max(0, weights[i] as number);
      if (r < 0) return items[i] as T;
    }
    return items[items.length - 1] as T;
  };

  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy;
  };

  const sample = <T>(items: readonly T[], k: number): T[] => {
    const n = Math.max(0, Math.min(items.length, Math.floor(k)));
    // Partial Fisher–Yates: only the first n positions are needed.
    const copy = items.slice();
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(next() * (copy.length - i));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy.slice(0, n);
  };

  const id = (prefix = ""): string => {
    let out = prefix.slice(0, 16);
    while (out.length < 24) out += ID_ALPHABET[Math.floor(next() * ID_ALPHABET.length)];
    return out;
  };

  const fork = (label: string): Random => createRandom((nextUint32() ^ hashString(label)) >>> 0);

  return {
    next,
    int,
    pick,
    pickWeighted,
    chance: (p) => next() < p,
    shuffle,
    sample,
    id,
    fork,
  };
}
