/**
 * Makes the full-screen gift animations of the live room, played with lottie-web's light SVG
 * player (`lottie_light`, no expressions):
 *
 *   public/gifts/champagne.json  シャンパン: the bottle rises, shakes and pops its cork; a flash, a
 *                                foam jet, golden droplets and bubbles, and sparkles over the screen.
 *   public/gifts/tower.json      シャンパンタワー: a pyramid of coupes builds up on a gold tray, a
 *                                bottle pours and the champagne cascades down the tower, then gold
 *                                confetti, star sparkles, light rays and a glow.
 *   public/gifts/sparkle.json    any other top-tier gift: a flash, gold and pink light rays, rings,
 *                                a big sparkle and two bursts of stars.
 *
 * Run `npx tsx scripts/make-gift-animations.ts` after changing this file. The output is committed
 * and served as static files: nothing is generated or downloaded at run time.
 *
 * Every file is Lottie (bodymovin 5) JSON with shape layers and precomps only (no images, text,
 * fonts or expressions), portrait 390×844 at 30 fps, 3.8–4 s, played once; it starts and ends
 * fully transparent. The important content stays within the centre 360×600 and nothing visible
 * reaches the left and right edges, so it also works letterboxed (`xMidYMid meet`) on a
 * landscape screen. Particles come from a seeded PRNG, so every run writes the same bytes.
 * Colours and shapes follow the item pictures in public/img/items/*.svg.
 *
 * Size (each file ≤ 40 KB): particles (twinkle, star, drop, bubble, confetti…) are precomp
 * assets that carry their own animation once; an instance only adds a position, a scale and a
 * start time (`st`).
 *
 * Lottie order: layers and the groups of a layer are listed front first. The builders below take
 * them back to front (painting order) and reverse them.
 */
import { mkdirSync, writeFileSync } from "node:fs";

// ---------------------------------------------------------------------------------------------
// Lottie types (just what this script writes)

type Vec = number[];
/** cubic-bezier(x1, y1, x2, y2) timing of a keyframe segment. */
type Bezier = readonly [number, number, number, number];
interface Keyframe {
  t: number;
  s: Vec;
  o?: { x: number | number[]; y: number | number[] };
  i?: { x: number | number[]; y: number | number[] };
  /** Spatial tangents of a motion path, relative to this keyframe's and the next one's value. */
  to?: Vec;
  ti?: Vec;
  /** Hold: keep this value until the next keyframe. */
  h?: 1;
}
interface PathData {
  c: boolean;
  v: Vec[];
  i: Vec[];
  o: Vec[];
}
type Prop = { a: 0; k: number | Vec | PathData } | { a: 1; k: Keyframe[] };
type Value = number | Vec | Prop;
type Shape = Record<string, unknown> & { ty: string };
interface Transform {
  p?: Value;
  a?: Value;
  s?: Value;
  r?: Value;
  o?: Value;
}
type Layer = Record<string, unknown> & { ty: number; ip: number; op: number };
interface Asset {
  id: string;
  layers: Layer[];
}
/** A precomp asset: its w×h box (precomps clip to it) and where its own origin is in the box. */
interface Precomp {
  id: string;
  w: number;
  h: number;
  origin: Vec;
  /** Length of its own animation in frames. */
  frames: number;
}
interface Animation {
  v: string;
  fr: number;
  ip: number;
  op: number;
  w: number;
  h: number;
  nm: string;
  ddd: 0;
  assets: Asset[];
  layers: Layer[];
}

// ---------------------------------------------------------------------------------------------
// Stage and palette

const W = 390;
const H = 844;
const FPS = 30;
const CX = W / 2;
/** The area that must look right on every screen (centre 360×600). */
const SAFE = { left: (W - 360) / 2, right: (W + 360) / 2, top: (H - 600) / 2, bottom: (H + 600) / 2 };
/** Glows and rays fade out within this distance of CX, so a letterboxed stage shows no edge. */
const REACH = 186;

// From public/img/items/*.svg, plus a few tints.
const GOLD = "#fbbf24";
const GOLD_LIGHT = "#fcd34d";
const GOLD_PALE = "#fde68a";
const GOLD_DEEP = "#f59e0b";
const AMBER_DARK = "#b45309";
const CREAM = "#fffbeb";
const WHITE = "#ffffff";
const PINK = "#f472b6";
const PINK_PALE = "#fbcfe8";
const BOTTLE = "#166534";
const CORK = "#d6a461";
const CORK_TOP = "#e7c08a";
const CORK_EDGE = "#a16207";
const NIGHT = "#0f0a1e";
const NAVY = "#1e1b4b";

// ---------------------------------------------------------------------------------------------
// Numbers and deterministic randomness

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const rad = (deg: number) => (deg * Math.PI) / 180;

/** mulberry32, a small seeded PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    range: (min: number, max: number) => min + (max - min) * next(),
    int: (min: number, max: number) => Math.floor(min + (max - min + 1) * next()),
  };
}
type Rng = ReturnType<typeof prng>;

// ---------------------------------------------------------------------------------------------
// Keyframes

const EASE = {
  linear: [0, 0, 1, 1],
  out: [0.16, 1, 0.3, 1], // fast start, long soft landing
  in: [0.55, 0, 0.85, 0.35], // gathering speed
  inOut: [0.65, 0, 0.35, 1],
  soft: [0.33, 0, 0.67, 1],
  back: [0.34, 1.56, 0.64, 1], // overshoots a little, then settles
  quadOut: [0.33, 0.67, 0.67, 1], // thrown upwards, slowing down
  quadIn: [0.33, 0, 0.67, 0.33], // falling, speeding up
} as const satisfies Record<string, Bezier>;

/** [frame, value, timing of the segment that starts here] — "hold" jumps at the next key. */
type Key = readonly [t: number, value: number | Vec, ease?: Bezier | "hold"];

const stat = (k: number | Vec): Prop => ({ a: 0, k });
const isProp = (v: Value): v is Prop => typeof v === "object" && !Array.isArray(v);
const val = (v: Value): Prop => (isProp(v) ? v : stat(v));

/** An animated property. (One timing curve per key serves every dimension.) */
function track(...keys: Key[]): Prop {
  return {
    a: 1,
    k: keys.map(([t, v, ease = EASE.inOut], n): Keyframe => {
      const s = typeof v === "number" ? [v] : v;
      if (n === keys.length - 1) return { t, s };
      if (ease === "hold") return { t, s, h: 1 };
      return { t, s, o: { x: [ease[0]], y: [ease[1]] }, i: { x: [ease[2]], y: [ease[3]] } };
    }),
  };
}

/** A point of a motion path: where it is at frame t, and the tangents towards the next point (none: straight). */
interface PathKey {
  t: number;
  p: Vec;
  to?: Vec;
  ti?: Vec;
  ease?: Bezier;
}

/** A position moving along a curved path (spatial bezier keyframes, whole pixels). */
function motion(...keys: PathKey[]): Prop {
  return {
    a: 1,
    k: keys.map(({ t, p, to = [0, 0], ti = [0, 0], ease = EASE.inOut }, n): Keyframe => {
      const s = p.map((x) => round(x));
      if (n === keys.length - 1) return { t, s };
      if ([...to, ...ti].every((x) => round(x) === 0)) {
        return { t, s, o: { x: [ease[0]], y: [ease[1]] }, i: { x: [ease[2]], y: [ease[3]] } };
      }
      // Spatial keyframes take plain numbers for their timing curve.
      return {
        t,
        s,
        o: { x: ease[0], y: ease[1] },
        i: { x: ease[2], y: ease[3] },
        to: to.map((x) => round(x)),
        ti: ti.map((x) => round(x)),
      };
    }),
  };
}

/** A straight move from a to b over frames [t0, t1]. */
const move = (t0: number, a: Vec, t1: number, b: Vec, ease: Bezier = EASE.out) =>
  motion({ t: t0, p: a, ease }, { t: t1, p: b });

/**
 * A thrown particle: from p0 with velocity v (px/frame) under gravity g (px/frame²) from frame t0
 * for `frames`. Two exact parabola pieces: up to the top of the arc, then down.
 */
function ballistic(p0: Vec, v: Vec, g: number, t0: number, frames: number): Prop {
  const at = (t: number) => [p0[0]! + v[0]! * t, p0[1]! + v[1]! * t + 0.5 * g * t * t];
  const top = clamp(Math.round(-v[1]! / g), 1, frames - 1);
  // A quadratic bezier piece [ta, tb] as a cubic: tangents 2/3 of the way to its control point.
  const piece = (ta: number, tb: number, ease: Bezier): PathKey => {
    const pa = at(ta);
    const pb = at(tb);
    const q = [pa[0]! + (v[0]! * (tb - ta)) / 2, pa[1]! + ((v[1]! + g * ta) * (tb - ta)) / 2];
    return {
      t: t0 + ta,
      p: pa,
      to: [0, 1].map((k) => (2 / 3) * (q[k]! - pa[k]!)),
      ti: [0, 1].map((k) => (2 / 3) * (q[k]! - pb[k]!)),
      ease,
    };
  };
  return motion(piece(0, top, EASE.quadOut), piece(top, frames, EASE.quadIn), {
    t: t0 + frames,
    p: at(frames),
  });
}

// ---------------------------------------------------------------------------------------------
// Shapes

function rgba(hex: string): Vec {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => round(c / 255, 3)).concat(1);
}

function rect(w: number, h: number, opts: { p?: Vec; r?: number } = {}): Shape {
  return { ty: "rc", d: 1, p: stat(opts.p ?? [0, 0]), s: stat([w, h]), r: stat(opts.r ?? 0) };
}

function ellipse(size: number | Prop, h?: number, p: Vec = [0, 0]): Shape {
  return { ty: "el", d: 1, p: stat(p), s: isProp(size) ? size : stat([size, h ?? size]) };
}

/** A bezier path; `i`/`o` are the in/out tangents of each vertex (relative), straight when left out. */
function path(v: Vec[], opts: { i?: Vec[]; o?: Vec[]; closed?: boolean } = {}): Shape {
  const straight = v.map(() => [0, 0]);
  const data: PathData = { c: opts.closed ?? true, v, i: opts.i ?? straight, o: opts.o ?? straight };
  return { ty: "sh", d: 1, ks: { a: 0, k: data } };
}

/** The four-pointed twinkle ✦ with concave sides; a larger `pinch` (0..1) makes thinner arms. */
function sparklePath(r: number, pinch = 0.78): Shape {
  const k = round(r * pinch, 1);
  const tangents = [
    [0, k],
    [-k, 0],
    [0, -k],
    [k, 0],
  ];
  return path(
    [
      [0, -r],
      [r, 0],
      [0, r],
      [-r, 0],
    ],
    { i: tangents, o: tangents },
  );
}

/** A regular five-pointed star, point up. */
function star(outer: number, inner: number): Shape {
  return {
    ty: "sr",
    sy: 1,
    d: 1,
    pt: stat(5),
    p: stat([0, 0]),
    r: stat(0),
    or: stat(outer),
    os: stat(0),
    ir: stat(inner),
    is: stat(0),
  };
}

function fill(hex: string, opacity = 100): Shape {
  return { ty: "fl", c: stat(rgba(hex)), o: stat(opacity), r: 1 };
}

function stroke(hex: string, width: Value, opacity = 100): Shape {
  return { ty: "st", c: stat(rgba(hex)), o: stat(opacity), w: val(width), lc: 2, lj: 2 };
}

/** A gradient fill; stops are [offset 0..1, colour, alpha 0..1]. Radial: centre s, radius to e. */
function gradient(kind: "linear" | "radial", s: Vec, e: Vec, stops: [number, string, number][]): Shape {
  const colours = stops.flatMap(([at, hex]) => [at, ...rgba(hex).slice(0, 3)]);
  const alphas = stops.some(([, , a]) => a < 1) ? stops.flatMap(([at, , a]) => [at, a]) : [];
  return {
    ty: "gf",
    t: kind === "linear" ? 1 : 2,
    s: stat(s),
    e: stat(e),
    g: { p: stops.length, k: stat([...colours, ...alphas]) },
    o: stat(100),
    r: 1,
  };
}

/** Trims the paths before it in its group (start and end in %). */
function trim(s: Value, e: Value): Shape {
  return { ty: "tm", s: val(s), e: val(e), o: stat(0), m: 1 };
}

/** Repeats everything before it in its group, each copy turned `rotation` degrees further. */
function repeater(copies: number, rotation: number): Shape {
  const tr = {
    ty: "tr",
    p: stat([0, 0]),
    a: stat([0, 0]),
    s: stat([100, 100]),
    r: stat(rotation),
    so: stat(100),
    eo: stat(100),
  };
  return { ty: "rp", c: stat(copies), o: stat(0), m: 1, tr };
}

function transform(t: Transform): Record<string, Prop> {
  const out: Record<string, Prop> = {};
  for (const key of ["o", "r", "p", "a", "s"] as const) {
    const v = t[key];
    if (v !== undefined) out[key] = val(v);
  }
  return out;
}

/** A group of shapes and their styles (in Lottie order: a style paints the shapes above it). */
function group(items: Shape[], tr: Transform = {}): Shape {
  // lottie-web needs the opacity of a group transform; the rest defaults to identity.
  return { ty: "gr", it: [...items, { ty: "tr", ...transform({ o: 100, ...tr }) }] };
}

/** A group of groups, given back to front. */
function stack(groups: Shape[], tr: Transform = {}): Shape {
  return group(groups.slice().reverse(), tr);
}

/** A soft round glow: radial gradient from `alpha` at the centre to nothing at r; `tall` stretches it. */
function glow(
  r: number,
  hex: string,
  alpha: number,
  opts: { edge?: string; tall?: number; p?: Vec } = {},
): Shape {
  const stops: [number, string, number][] = [
    [0, hex, alpha],
    [0.35, hex, alpha * 0.55],
    [1, opts.edge ?? hex, 0],
  ];
  return group([ellipse(r * 2), gradient("radial", [0, 0], [r, 0], stops)], {
    p: opts.p,
    s: [100, (opts.tall ?? 1) * 100],
  });
}

/**
 * `count` light rays from the centre, turning by `spin`. They are `REACH` long sideways and
 * `tall` times longer up and down, so that they fill a portrait screen but fade out before the
 * stage's left and right edges.
 */
function rays(count: number, width: number, hex: string, alpha: number, spin: Prop, tall = 2.1): Shape {
  const ray = path([
    [-1.5, 0],
    [1.5, 0],
    [width / 2, -REACH],
    [-width / 2, -REACH],
  ]);
  const shade = gradient(
    "linear",
    [0, 0],
    [0, -REACH],
    [
      [0, hex, alpha],
      [0.45, hex, alpha * 0.45],
      [1, hex, 0],
    ],
  );
  return stack([group([ray, shade, repeater(count, 360 / count)], { r: spin })], { s: [100, tall * 100] });
}

// ---------------------------------------------------------------------------------------------
// Layers and precomps

interface LayerOpts {
  op: number;
  ip?: number;
  ks?: Transform;
  nm?: string;
}

/** A shape layer of groups given back to front. */
function shapeLayer(groups: Shape[], { op, ip = 0, ks = {}, nm }: LayerOpts): Layer {
  return { ty: 4, ...(nm ? { nm } : {}), ip, op, st: 0, ks: transform(ks), shapes: groups.slice().reverse() };
}

/** An instance of a precomp, whose own animation starts at frame st; p places the asset's origin. */
function instance(pc: Precomp, st: number, ks: Transform & { p: Value }, op = st + pc.frames): Layer {
  return {
    ty: 0,
    refId: pc.id,
    w: pc.w,
    h: pc.h,
    ip: Math.max(0, st),
    op,
    st,
    ks: transform({ a: pc.origin, ...ks }),
  };
}

/** The precomp assets of one animation. */
class Assets {
  readonly list: Asset[] = [];
  /** Layers back to front; `box` is the clip box and where the origin is inside it. */
  add(id: string, box: { w: number; h: number; origin: Vec }, frames: number, layers: Layer[]): Precomp {
    this.list.push({ id, layers: layers.slice().reverse() });
    return { id, frames, ...box };
  }
}

function animation(nm: string, frames: number, assets: Assets, backToFront: Layer[]): Animation {
  return {
    v: "5.12.2",
    fr: FPS,
    ip: 0,
    op: frames,
    w: W,
    h: H,
    nm,
    ddd: 0,
    assets: assets.list,
    layers: backToFront.slice().reverse(),
  };
}

// ---------------------------------------------------------------------------------------------
// Pieces shared by the animations

/**
 * Darkens the middle of the screen a little (behind the gold) and fades to nothing at the left
 * and right edges, so it shows no border when letterboxed. Fades in and out.
 */
function backdrop(
  hex: string,
  alpha: number,
  cy: number,
  fadeIn: number,
  fadeOut: [number, number],
  op: number,
): Layer {
  const stops: [number, string, number][] = [
    [0, hex, alpha],
    [0.55, hex, alpha * 0.7],
    [1, hex, 0],
  ];
  return shapeLayer(
    [group([rect(W, W + 4), gradient("radial", [0, 0], [W / 2, 0], stops)], { s: [100, 220] })],
    {
      nm: "backdrop",
      op,
      ks: {
        p: [CX, cy],
        o: track([0, 0, EASE.out], [fadeIn, 100, "hold"], [fadeOut[0], 100, EASE.soft], [fadeOut[1], 0]),
      },
    },
  );
}

/** The ✦ twinkle: pops in, turns and goes out. */
function twinkleAsset(assets: Assets, id: string, main: string, halo: string, frames = 20): Precomp {
  const peak = Math.round(frames * 0.35);
  return assets.add(id, { w: 48, h: 48, origin: [24, 24] }, frames, [
    shapeLayer(
      [
        group([ellipse(20), fill(halo, 40)]),
        group([sparklePath(16), fill(main)]),
        group([sparklePath(7, 0.7), fill(WHITE)]),
      ],
      {
        op: frames,
        ks: {
          p: [24, 24],
          s: track([0, [0, 0], EASE.back], [peak, [100, 100], EASE.in], [frames, [0, 0]]),
          r: track([0, -30, EASE.soft], [frames, 60]),
        },
      },
    ),
  ]);
}

/** A star of a burst: bright while the instance throws it, then it spins down to nothing. */
function burstStarAsset(
  assets: Assets,
  id: string,
  main: string,
  kind: "sparkle" | "star",
  frames = 36,
): Precomp {
  const body = kind === "sparkle" ? sparklePath(14) : star(13, 5.5);
  const core = kind === "sparkle" ? sparklePath(6, 0.7) : star(6, 2.6);
  return assets.add(id, { w: 40, h: 40, origin: [20, 20] }, frames, [
    shapeLayer([group([body, fill(main)]), group([core, fill(WHITE, 90)])], {
      op: frames,
      ks: {
        p: [20, 20],
        s: track(
          [0, [30, 30], EASE.out],
          [6, [110, 110], EASE.soft],
          [round(frames * 0.6), [90, 90], EASE.in],
          [frames, [0, 0]],
        ),
        r: track([0, 0, EASE.soft], [frames, kind === "sparkle" ? 180 : 144]),
      },
    }),
  ]);
}

/** A round glint that fades: golden droplets, foam, glitter. */
function dropAsset(assets: Assets, id: string, main: string, size: number, frames: number): Precomp {
  const box = size * 2 + 4;
  const c = box / 2;
  return assets.add(id, { w: box, h: box, origin: [c, c] }, frames, [
    shapeLayer(
      [
        group([ellipse(size), fill(main)]),
        group([ellipse(size * 0.34, size * 0.34, [-size * 0.18, -size * 0.18]), fill(WHITE, 85)]),
      ],
      {
        op: frames,
        ks: {
          p: [c, c],
          s: track([0, [60, 60], EASE.out], [5, [100, 100], EASE.soft], [frames, [55, 55]]),
          o: track([0, 100, "hold"], [frames - 12, 100, EASE.soft], [frames, 0]),
        },
      },
    ),
  ]);
}

/** A piece of confetti that flutters (flips) and falls `fall` px with a sway; the instance throws it. */
function confettiAsset(assets: Assets, id: string, hex: string, frames: number, fall: number): Precomp {
  const flips: Key[] = [];
  for (let t = 0, n = 0; t <= frames; t += 9, n += 1) flips.push([t, [100, n % 2 ? -100 : 100], EASE.inOut]);
  return assets.add(id, { w: 80, h: fall + 40, origin: [40, 20] }, frames, [
    shapeLayer([group([rect(9, 15, { r: 1.5 }), fill(hex)])], {
      op: frames,
      ks: {
        p: motion(
          { t: 0, p: [40, 20], to: [16, fall * 0.3], ti: [-16, -fall * 0.3], ease: EASE.in },
          { t: frames, p: [40, 20 + fall] },
        ),
        r: track([0, -25, EASE.inOut], [frames / 2, 25, EASE.inOut], [frames, -20]),
        s: track(...flips),
        o: track([0, 100, "hold"], [frames - 10, 100, EASE.soft], [frames, 0]),
      },
    }),
  ]);
}

/** A golden bubble rising `rise` px with a sway. */
function bubbleAsset(assets: Assets, id: string, frames: number, rise: number): Precomp {
  return assets.add(id, { w: 90, h: rise + 40, origin: [45, rise + 20] }, frames, [
    shapeLayer(
      [
        group([ellipse(18), stroke(GOLD_PALE, 1.6), fill(GOLD, 28)]),
        group([ellipse(5, 5, [-3.5, -3.5]), fill(WHITE, 90)]),
      ],
      {
        op: frames,
        ks: {
          p: motion(
            { t: 0, p: [45, rise + 20], to: [26, -rise * 0.33], ti: [-26, rise * 0.33], ease: EASE.in },
            { t: frames, p: [45, 20] },
          ),
          s: track([0, [30, 30], EASE.out], [12, [100, 100], EASE.soft], [frames, [120, 120]]),
          o: track([0, 0, EASE.out], [5, 100, "hold"], [frames - 14, 100, EASE.soft], [frames, 0]),
        },
      },
    ),
  ]);
}

/** A quick flash of light at p: a white-hot disc that swells and fades. */
function flash(p: Vec, t: number, r: number, edge: string): Layer {
  return shapeLayer([glow(r, WHITE, 0.95, { edge })], {
    nm: "flash",
    ip: t,
    op: t + 16,
    ks: {
      p,
      s: track([t, [10, 10], EASE.out], [t + 4, [110, 110], EASE.soft], [t + 16, [165, 165]]),
      o: track([t, 100, "hold"], [t + 4, 100, EASE.soft], [t + 16, 0]),
    },
  });
}

/** A shock ring at p growing to `size` from frame t. */
function ring(p: Vec, t: number, size: number, hex: string): Layer {
  const grow = track([t, [24, 24], EASE.out], [t + 18, [size, size]]);
  return shapeLayer([group([ellipse(grow), stroke(hex, track([t, 10, EASE.out], [t + 18, 1]))])], {
    nm: "ring",
    ip: t,
    op: t + 19,
    ks: { p, o: track([t, 100, "hold"], [t + 7, 100, EASE.soft], [t + 18, 0]) },
  });
}

/** Random points in the safe area, apart from each other and outside the `avoid` ellipse. */
function scatter(rng: Rng, count: number, avoid: { x: number; y: number; rx: number; ry: number }): Vec[] {
  const out: Vec[] = [];
  while (out.length < count) {
    const p = [
      round(rng.range(SAFE.left + 14, SAFE.right - 14)),
      round(rng.range(SAFE.top + 10, SAFE.bottom - 10)),
    ];
    if (((p[0]! - avoid.x) / avoid.rx) ** 2 + ((p[1]! - avoid.y) / avoid.ry) ** 2 < 1) continue;
    if (out.some((q) => Math.hypot(q[0]! - p[0]!, q[1]! - p[1]!) < 46)) continue;
    out.push(p);
  }
  return out;
}

/** `count` start frames spread over [from, to], each jittered within its slot. */
function stagger(rng: Rng, count: number, from: number, to: number): number[] {
  return Array.from({ length: count }, (_, n) =>
    Math.round(from + ((to - from) * (n + rng.range(0.1, 0.9))) / count),
  );
}

/** A burst target: direction `deg` (0 = up, clockwise) at `dist` from c, kept on the stage. */
function away(c: Vec, deg: number, dist: number): Vec {
  return [
    round(clamp(c[0]! + Math.sin(rad(deg)) * dist, SAFE.left + 10, SAFE.right - 10)),
    round(clamp(c[1]! - Math.cos(rad(deg)) * dist, 50, H - 50)),
  ];
}

// ---------------------------------------------------------------------------------------------
// The champagne bottle (after champagne.svg: green bottle, pale gold label, gold accents)

/**
 * The bottle, 300 px tall around its centre, mouth at (0, -150); groups back to front. With
 * `cork` (its opacity) it is still corked.
 */
function bottleGroups(cork?: Value): Shape[] {
  const body = path(
    [
      [-13, -140],
      [13, -140],
      [13, -86],
      [40, -18],
      [40, 138],
      [30, 150],
      [-30, 150],
      [-40, 138],
      [-40, -18],
      [-13, -86],
    ],
    {
      i: [
        [0, 0],
        [0, 0],
        [0, 0],
        [0, -34],
        [0, 0],
        [8, 0],
        [0, 0],
        [0, 8],
        [0, 0],
        [0, 26],
      ],
      o: [
        [0, 0],
        [0, 0],
        [0, 26],
        [0, 0],
        [0, 8],
        [0, 0],
        [-8, 0],
        [0, 0],
        [0, -34],
        [0, 0],
      ],
    },
  );
  // The cork (behind the foil) and its wire.
  const corked = stack(
    [
      group([rect(20, 22, { p: [0, -156], r: 4 }), fill(CORK)]),
      group([ellipse(30, 14, [0, -167]), stroke(CORK_EDGE, 1.5), fill(CORK_TOP)]),
      group([
        path(
          [
            [-10, -148],
            [0, -164],
            [10, -148],
          ],
          { closed: false },
        ),
        stroke(GOLD_LIGHT, 1.6),
      ]),
    ],
    { o: cork },
  );
  return [
    ...(cork === undefined ? [] : [corked]),
    group([
      body,
      gradient(
        "linear",
        [-40, 0],
        [40, 0],
        [
          [0, "#0b2e1a", 1],
          [0.28, "#1f8a4c", 1],
          [0.55, BOTTLE, 1],
          [1, "#082614", 1],
        ],
      ),
    ]),
    group([rect(7, 128, { p: [-27, 62], r: 3.5 }), fill(WHITE, 32)]),
    group([rect(4, 38, { p: [-7, -112], r: 2 }), fill(WHITE, 30)]),
    // Gold foil over the neck.
    group([
      path([
        [-15, -152],
        [15, -152],
        [17, -92],
        [-17, -92],
      ]),
      gradient(
        "linear",
        [-17, 0],
        [17, 0],
        [
          [0, AMBER_DARK, 1],
          [0.35, GOLD_PALE, 1],
          [0.7, GOLD, 1],
          [1, AMBER_DARK, 1],
        ],
      ),
    ]),
    group([rect(38, 7, { p: [0, -92], r: 3 }), fill(GOLD)]),
    // The label: pale gold with a sparkle crest and two lines.
    group([rect(70, 74, { p: [0, 50], r: 9 }), stroke(AMBER_DARK, 2), fill(GOLD_PALE)]),
    group([sparklePath(11), fill(AMBER_DARK)], { p: [0, 36] }),
    group([
      rect(40, 3.5, { p: [0, 62], r: 1.75 }),
      rect(26, 3.5, { p: [0, 71], r: 1.75 }),
      fill(AMBER_DARK, 80),
    ]),
    // Shine along the glass.
    group([rect(3, 90, { p: [30, 40], r: 1.5 }), fill(WHITE, 18)]),
  ];
}

// ---------------------------------------------------------------------------------------------
// シャンパン: the bottle pops

function makeChampagne(): Animation {
  const rng = prng(5000);
  const OP = 114;
  const POP = 27;
  const OUT: [number, number] = [92, 110];
  const A = new Assets();
  const bottleAt: Vec = [CX, 505];
  const mouth: Vec = [CX, bottleAt[1]! - 152];

  const twinkleGold = twinkleAsset(A, "twinkle", GOLD_PALE, GOLD);
  const twinkleWhite = twinkleAsset(A, "twinkle-w", CREAM, GOLD_PALE);
  const burstSparkle = burstStarAsset(A, "burst", GOLD_LIGHT, "sparkle");
  const burstStar = burstStarAsset(A, "burst-star", GOLD_PALE, "star");
  const drop = dropAsset(A, "drop", GOLD_LIGHT, 9, 40);
  const foam = dropAsset(A, "foam", CREAM, 12, 40);
  const bubble = bubbleAsset(A, "bubble", 56, 440);

  const layers: Layer[] = [backdrop(NIGHT, 0.5, 430, 10, [OUT[0] - 2, OUT[1]], OP)];

  // A warm glow behind the bottle that flares at the pop, and light rays from the mouth.
  layers.push(
    shapeLayer([glow(REACH, GOLD, 0.55, { tall: 1.5 })], {
      nm: "glow",
      op: OP,
      ks: {
        p: [CX, 440],
        s: track(
          [0, [40, 40], EASE.out],
          [14, [80, 80], "hold"],
          [POP, [80, 80], EASE.out],
          [POP + 10, [100, 100], EASE.soft],
          [OP, [96, 96]],
        ),
        o: track([0, 0, EASE.out], [12, 70, EASE.out], [POP + 4, 100, EASE.soft], [OUT[1], 0]),
      },
    }),
    shapeLayer([rays(14, 30, GOLD_PALE, 0.5, track([POP, 0, EASE.linear], [OP, 34]))], {
      nm: "rays",
      ip: POP,
      op: OP,
      ks: {
        p: mouth,
        s: track([POP, [0, 0], EASE.out], [POP + 16, [100, 100]]),
        o: track([POP, 100, EASE.soft], [70, 85, EASE.soft], [104, 0]),
      },
    }),
  );

  // Bubbles rise from the bottom after the pop, drifting towards the middle; half behind the bottle.
  const bubbles = stagger(rng, 22, POP - 2, OUT[1] - bubble.frames).map((st) => {
    const x = round(rng.range(SAFE.left + 20, SAFE.right - 20));
    const size = round(rng.range(50, 130));
    return instance(bubble, st, {
      p: [x, round(rng.range(600, 780))],
      r: round(((CX - x) / CX) * 12 + rng.range(-3, 3)),
      s: [size, size],
    });
  });
  layers.push(...bubbles.filter((_, n) => n % 2 === 0));

  // The bottle rises, shakes, squashes and recoils at the pop, and leaves.
  layers.push(
    shapeLayer(bottleGroups(track([0, 100, "hold"], [POP, 0])), {
      nm: "bottle",
      op: OP,
      ks: {
        p: track(
          [0, [CX, H + 190], EASE.back],
          [13, bottleAt, "hold"],
          [POP, bottleAt, EASE.out],
          [POP + 3, [CX, bottleAt[1]! + 14], EASE.back],
          [POP + 12, bottleAt, EASE.soft],
          [OUT[0] + 12, [CX, bottleAt[1]! - 20]],
        ),
        r: track(
          [0, 10, EASE.out],
          [12, 0],
          [14, -6],
          [16, 6],
          [18, -7],
          [20, 7],
          [22, -6],
          [24, 5],
          [POP, 0],
          [POP + 5, -3],
          [POP + 12, 0],
        ),
        s: track(
          [0, [92, 92], EASE.out],
          [22, [100, 100]],
          [POP - 1, [105, 95], EASE.out],
          [POP + 3, [95, 106], EASE.back],
          [POP + 10, [100, 100], "hold"],
          [OUT[0], [100, 100], EASE.in],
          [OUT[0] + 12, [86, 86]],
        ),
        o: track([0, 100, "hold"], [OUT[0], 100, EASE.soft], [OUT[0] + 12, 0]),
      },
    }),
  );

  // The pop: flash, shock ring, short lines, a foam jet and the cork flying off, spinning.
  layers.push(flash(mouth, POP, 90, GOLD_PALE), ring(mouth, POP, 260, GOLD_PALE));
  const line = path(
    [
      [0, -34],
      [0, -84],
    ],
    { closed: false },
  );
  layers.push(
    shapeLayer(
      [
        group([
          line,
          trim(track([POP + 2, 0, EASE.out], [POP + 10, 100]), track([POP, 0, EASE.out], [POP + 5, 100])),
          stroke(CREAM, 5),
          repeater(10, 36),
        ]),
      ],
      {
        nm: "pop-lines",
        ip: POP,
        op: POP + 11,
        ks: { p: mouth, r: 18 },
      },
    ),
  );
  const jet = path(
    [
      [-9, 0],
      [9, 0],
      [36, -230],
      [-36, -230],
    ],
    {
      i: [
        [0, 0],
        [0, 0],
        [0, 40],
        [0, -40],
      ],
      o: [
        [0, 0],
        [0, 40],
        [0, -40],
        [0, 0],
      ],
    },
  );
  const jetShade = gradient(
    "linear",
    [0, 0],
    [0, -260],
    [
      [0, CREAM, 0.95],
      [0.45, GOLD_PALE, 0.7],
      [1, GOLD_PALE, 0],
    ],
  );
  layers.push(
    shapeLayer([group([jet, jetShade])], {
      nm: "foam-jet",
      ip: POP,
      op: POP + 24,
      ks: {
        p: mouth,
        s: track([POP, [60, 0], EASE.out], [POP + 6, [100, 100], EASE.soft], [POP + 24, [150, 125]]),
        o: track([POP, 100, "hold"], [POP + 8, 100, EASE.soft], [POP + 24, 0]),
      },
    }),
    shapeLayer(
      [
        group([rect(20, 22, { p: [0, 11], r: 4 }), fill(CORK)]),
        group([ellipse(30, 14), stroke(CORK_EDGE, 1.5), fill(CORK_TOP)]),
      ],
      {
        nm: "cork",
        ip: POP,
        op: POP + 20,
        ks: {
          p: motion(
            { t: POP, p: [mouth[0]!, mouth[1]! - 15], to: [10, -120], ti: [-40, 60], ease: EASE.quadOut },
            { t: POP + 20, p: [300, -60] },
          ),
          r: track([POP, 0, EASE.quadOut], [POP + 20, 600]),
        },
      },
    ),
  );

  // Golden droplets and foam thrown out of the mouth, arcing and falling.
  for (let n = 0; n < 22; n += 1) {
    const foamy = n % 3 === 0;
    const st = POP + rng.int(0, 9);
    const top = rng.range(10, 17); // frames to the top of the arc
    const height = rng.range(150, 330);
    const g = (2 * height) / top ** 2;
    const vy = -g * top;
    const vx = vy * Math.tan(rad(rng.range(-30, 30)));
    const size = round(rng.range(foamy ? 70 : 55, foamy ? 130 : 120));
    layers.push(
      instance(foamy ? foam : drop, st, {
        p: ballistic(mouth, [vx, vy], g, st, drop.frames),
        s: [size, size],
      }),
    );
  }

  // Sparkles sprayed over the screen.
  for (let n = 0; n < 16; n += 1) {
    const st = POP + 1 + rng.int(0, 14);
    const size = round(rng.range(55, 125));
    const target = away(mouth, rng.range(-120, 120), rng.range(140, 330));
    layers.push(
      instance(n % 3 === 2 ? burstStar : burstSparkle, st, {
        p: motion({ t: st, p: mouth, to: [0, -60], ease: EASE.out }, { t: st + 22, p: target }),
        s: [size, size],
      }),
    );
  }

  // Bubbles in front, and twinkles all over.
  layers.push(...bubbles.filter((_, n) => n % 2 === 1));
  const spots = scatter(rng, 24, { x: CX, y: bottleAt[1]!, rx: 70, ry: 170 });
  stagger(rng, spots.length, POP + 4, OUT[1] - twinkleGold.frames).forEach((st, n) => {
    const size = round(rng.range(45, 115));
    layers.push(instance(n % 3 ? twinkleGold : twinkleWhite, st, { p: spots[n]!, s: [size, size] }));
  });

  return animation("champagne", OP, A, layers);
}

// ---------------------------------------------------------------------------------------------
// シャンパンタワー: build, pour, cascade, celebrate

function makeTower(): Animation {
  const rng = prng(30000);
  const OP = 120;
  const OUT: [number, number] = [98, 116];
  const A = new Assets();

  // Coupes 76 px wide; each row stands on the rims of the row below (after tower.svg).
  const ROWS = 4;
  const PITCH_X = 80;
  const PITCH_Y = 56;
  const BOTTOM_RIM = 598;
  const rimAt = (row: number, i: number): Vec => [
    CX + (i - row / 2) * PITCH_X,
    BOTTOM_RIM - (ROWS - 1 - row) * PITCH_Y,
  ];

  /** The bowl of a coupe, rim at y = inset, 27 deep. */
  const bowl = (inset: number) =>
    path(
      [
        [-38 + inset, inset],
        [38 - inset, inset],
        [3, 27 - inset * 0.6],
        [-3, 27 - inset * 0.6],
      ],
      {
        i: [
          [0, 16],
          [0, 0],
          [16, 0],
          [0, 0],
        ],
        o: [
          [0, 0],
          [0, 16],
          [0, 0],
          [-16, 0],
        ],
      },
    );

  // A coupe drops into place (its own 10 frames), then stays.
  const DROP = 70;
  const glass = A.add("glass", { w: 92, h: DROP + 72, origin: [46, DROP + 8] }, 10, [
    shapeLayer(
      [
        group([rect(4, 26, { p: [0, 38], r: 2 }), fill(WHITE, 70)]),
        group([ellipse(40, 8, [0, 53]), stroke(WHITE, 1.2, 85), fill(WHITE, 55)]),
        group([bowl(0), stroke(WHITE, 1.6, 80), fill(WHITE, 14)]),
        group([ellipse(76, 6), stroke(WHITE, 1.4, 90)]),
        group([
          path(
            [
              [-30, 5],
              [-18, 19],
            ],
            {
              closed: false,
              o: [
                [2, 8],
                [0, 0],
              ],
              i: [
                [0, 0],
                [-6, -3],
              ],
            },
          ),
          stroke(WHITE, 2.2, 70),
        ]),
      ],
      {
        op: 999,
        ks: {
          p: track([0, [46, 8], EASE.back], [9, [46, DROP + 8]]),
          s: track([0, [70, 70], EASE.back], [9, [100, 100]]),
          o: track([0, 0, EASE.out], [4, 100]),
        },
      },
    ),
  ]);

  // Champagne fills a coupe from the bottom up.
  const FILL = 9;
  const liquid = A.add("liquid", { w: 92, h: 40, origin: [46, 8] }, FILL, [
    shapeLayer(
      [
        stack(
          [
            group([
              bowl(3),
              gradient(
                "linear",
                [0, 3],
                [0, 26],
                [
                  [0, GOLD_PALE, 1],
                  [0.5, GOLD, 1],
                  [1, GOLD_DEEP, 1],
                ],
              ),
            ]),
            group([
              ellipse(3, 3, [-8, 12]),
              ellipse(2.4, 2.4, [6, 8]),
              ellipse(2, 2, [12, 14]),
              fill(WHITE, 85),
            ]),
            group([ellipse(66, 5, [0, 3]), fill(CREAM, 85)]),
          ],
          { p: [0, 25], a: [0, 25], s: track([0, [100, 0], EASE.soft], [FILL, [100, 100]]) },
        ),
      ],
      { op: 999, ks: { p: [46, 8] } },
    ),
  ]);

  // A stream of champagne from one rim down to the next that runs for HOLD frames (the pour from
  // the bottle is the same, wider).
  const LENGTH = PITCH_Y - 2;
  const HOLD = 30;
  const flow = path(
    [
      [0, 0],
      [3, LENGTH],
    ],
    {
      closed: false,
      o: [
        [4, 3],
        [0, 0],
      ],
      i: [
        [0, 0],
        [0, -LENGTH * 0.4],
      ],
    },
  );
  const run = trim(track([HOLD, 0, EASE.in], [HOLD + 6, 100]), track([0, 0, EASE.in], [5, 100]));
  const stream = A.add("stream", { w: 24, h: LENGTH + 12, origin: [12, 4] }, HOLD + 6, [
    shapeLayer([group([flow, run, stroke(CREAM, 1.1, 80), stroke(GOLD_LIGHT, 3.2, 95)])], {
      op: HOLD + 6,
      ks: { p: [12, 4] },
    }),
  ]);

  const twinkle = twinkleAsset(A, "twinkle", GOLD_PALE, GOLD);
  const burstSparkle = burstStarAsset(A, "burst", GOLD_LIGHT, "sparkle", 40);
  const burstStar = burstStarAsset(A, "burst-star", GOLD_PALE, "star", 40);
  const confetti = [GOLD, GOLD_PALE, PINK].map((hex, n) => confettiAsset(A, `confetti-${n}`, hex, 44, 240));

  const layers: Layer[] = [];
  const BURST = 80;
  const burstAt: Vec = [CX, 400];

  // Glow and slow rays behind the tower, growing as it fills and flaring at the burst.
  layers.push(
    shapeLayer([glow(REACH, GOLD, 0.6, { tall: 1.6 })], {
      nm: "glow",
      op: OP,
      ks: {
        p: [CX, 500],
        s: track(
          [0, [60, 60], EASE.out],
          [40, [85, 85], EASE.soft],
          [BURST, [90, 90], EASE.out],
          [BURST + 10, [100, 100]],
        ),
        o: track(
          [0, 0, EASE.soft],
          [30, 55, EASE.soft],
          [BURST, 80, EASE.out],
          [BURST + 6, 100, "hold"],
          [OUT[0], 100, EASE.soft],
          [OUT[1], 0],
        ),
      },
    }),
    shapeLayer([rays(16, 30, GOLD_PALE, 0.45, track([34, 0, EASE.linear], [OP, 40]))], {
      nm: "rays",
      ip: 34,
      op: OP,
      ks: {
        p: [CX, 470],
        s: track(
          [34, [0, 0], EASE.out],
          [60, [85, 85], "hold"],
          [BURST, [85, 85], EASE.out],
          [BURST + 12, [100, 100]],
        ),
        o: track(
          [34, 0, EASE.soft],
          [50, 65, "hold"],
          [BURST, 65, EASE.out],
          [BURST + 4, 100, "hold"],
          [OUT[0], 100, EASE.soft],
          [OUT[1], 0],
        ),
      },
    }),
  );

  // The gold tray (the line under the tower in tower.svg) and its shadow.
  const trayShade = gradient(
    "linear",
    [-172, 0],
    [172, 0],
    [
      [0, AMBER_DARK, 1],
      [0.3, GOLD_PALE, 1],
      [0.6, GOLD, 1],
      [1, AMBER_DARK, 1],
    ],
  );
  layers.push(
    shapeLayer(
      [
        group([ellipse(330, 16, [0, 14]), fill("#000000", 30)]),
        group([rect(344, 12, { r: 6 }), trayShade]),
        group([rect(300, 2, { p: [0, -3], r: 1 }), fill(WHITE, 60)]),
      ],
      {
        nm: "tray",
        op: OP,
        ks: {
          p: [CX, BOTTOM_RIM + PITCH_Y + 6],
          s: track([0, [0, 100], EASE.out], [10, [100, 100]]),
          o: track([0, 0, EASE.out], [4, 100]),
        },
      },
    ),
  );

  // Coupes drop in, bottom row first; they fill top row first as the champagne cascades, each
  // overflowing on both sides into the row below (the bottom row onto the tray).
  const FILL_START = 46;
  const ROW_DELAY = 8;
  const glasses: Layer[] = [];
  const fills: Layer[] = [];
  const streams: Layer[] = [];
  const glints: Layer[] = [];
  let order = 0;
  for (let row = ROWS - 1; row >= 0; row -= 1) {
    for (let i = 0; i <= row; i += 1) {
      const rim = rimAt(row, i);
      glasses.push(instance(glass, 4 + 3 * order++, { p: rim }, OP));
      const full = FILL_START + row * ROW_DELAY + FILL;
      fills.push(instance(liquid, full - FILL, { p: rim }, OP));
      for (const side of [-1, 1]) {
        // The left stream is the right one mirrored.
        const p = [rim[0]! + side * 37, rim[1]! + 1];
        streams.push(instance(stream, full - 2, side < 0 ? { p, s: [-100, 100] } : { p }));
      }
      glints.push(
        instance(twinkle, full - 1, { p: [round(rim[0]! + rng.range(-30, 30)), rim[1]! - 2], s: [70, 70] }),
      );
    }
  }
  layers.push(...glasses, ...streams, ...fills, ...glints);

  // The bottle swings in above the top coupe, pours, and swings away.
  const top = rimAt(0, 0);
  const tilt = -118;
  const scale = 0.46;
  const mouth: Vec = [top[0]! + 2, top[1]! - 52];
  const bottleAt: Vec = [
    mouth[0]! - 150 * scale * Math.sin(rad(tilt)),
    mouth[1]! + 150 * scale * Math.cos(rad(tilt)),
  ];
  const size = scale * 100;
  layers.push(
    shapeLayer(bottleGroups(), {
      nm: "bottle",
      ip: 28,
      op: 94,
      ks: {
        p: motion(
          { t: 28, p: [bottleAt[0]! + 40, bottleAt[1]! - 110], to: [0, 30], ti: [30, -30], ease: EASE.out },
          { t: 42, p: bottleAt, ease: EASE.soft },
          { t: 78, p: bottleAt, to: [30, -30], ti: [0, 30], ease: EASE.in },
          { t: 92, p: [bottleAt[0]! + 40, bottleAt[1]! - 110] },
        ),
        r: track([28, -20, EASE.out], [42, tilt, EASE.soft], [76, tilt - 4, EASE.in], [92, -30]),
        s: track(
          [28, [size * 0.7, size * 0.7], EASE.out],
          [40, [size, size], "hold"],
          [80, [size, size], EASE.in],
          [92, [size * 0.8, size * 0.8]],
        ),
        o: track([28, 0, EASE.out], [33, 100, "hold"], [84, 100, EASE.soft], [92, 0]),
      },
    }),
    instance(stream, 43, { p: mouth, s: [150, 94] }),
  );

  // The celebration: a flash, confetti and stars burst from the top of the tower.
  for (let n = 0; n < 24; n += 1) {
    const st = BURST + rng.int(0, 6);
    const target = away(burstAt, rng.range(-150, 150), rng.range(90, 250));
    // Not turned (it must fall down); every other piece is mirrored, so it sways the other way.
    const size = round(rng.range(75, 115));
    layers.push(
      instance(confetti[n % confetti.length]!, st, {
        p: move(st, burstAt, st + 16, target),
        s: [n % 2 ? -size : size, round(size * rng.range(0.85, 1.15))],
      }),
    );
  }
  for (let n = 0; n < 14; n += 1) {
    const st = BURST + rng.int(0, 5);
    const target = away(burstAt, (360 / 14) * n + rng.range(-8, 8), rng.range(130, 280));
    const size = round(rng.range(60, 120));
    layers.push(
      instance(n % 2 ? burstStar : burstSparkle, st, {
        p: move(st, burstAt, st + 20, target),
        s: [size, size],
      }),
    );
  }
  layers.push(flash(burstAt, BURST, 110, GOLD_PALE), ring(burstAt, BURST + 1, 340, GOLD_PALE));
  const spots = scatter(rng, 12, { x: CX, y: 560, rx: 150, ry: 110 });
  stagger(rng, spots.length, 30, OUT[1] - twinkle.frames).forEach((st, n) => {
    const size = round(rng.range(50, 110));
    layers.push(instance(twinkle, st, { p: spots[n]!, s: [size, size] }));
  });

  // Everything but the backdrop is one precomp, which fades out as a whole.
  const scene = A.add("scene", { w: W, h: H, origin: [0, 0] }, OP, layers);
  return animation("tower", OP, A, [
    backdrop(NAVY, 0.55, 470, 10, [OUT[0] - 2, OUT[1]], OP),
    instance(scene, 0, { p: [0, 0], o: track([0, 100, "hold"], [OUT[0], 100, EASE.soft], [OUT[1], 0]) }, OP),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Any other top-tier gift: a burst of light and stars in gold and pink

function makeSparkle(): Animation {
  const rng = prng(777);
  const OP = 114;
  const OUT: [number, number] = [90, 110];
  const A = new Assets();
  const C: Vec = [CX, 410];

  const twinkleGold = twinkleAsset(A, "twinkle", GOLD_PALE, GOLD);
  const twinklePink = twinkleAsset(A, "twinkle-p", PINK_PALE, PINK);
  const bursts = [
    burstStarAsset(A, "burst", GOLD_LIGHT, "sparkle"),
    burstStarAsset(A, "burst-p", PINK, "sparkle"),
    burstStarAsset(A, "burst-star", GOLD_PALE, "star"),
    burstStarAsset(A, "burst-star-p", PINK_PALE, "star"),
  ];
  const dot = dropAsset(A, "dot", CREAM, 8, 36);

  const layers: Layer[] = [backdrop(NIGHT, 0.45, C[1]!, 8, [OUT[0] - 4, OUT[1]], OP)];
  const fade = (from: number) =>
    track([0, 0, EASE.out], [8, 100, "hold"], [from, 100, EASE.soft], [OUT[1], 0]);

  layers.push(
    shapeLayer([glow(REACH, GOLD, 0.5, { tall: 1.4 }), glow(150, PINK, 0.45, { p: [0, 16] })], {
      nm: "glow",
      op: OP,
      ks: {
        p: C,
        s: track(
          [0, [20, 20], EASE.out],
          [12, [100, 100], EASE.soft],
          [40, [92, 92], EASE.soft],
          [70, [100, 100], EASE.soft],
          [OP, [92, 92]],
        ),
        o: fade(OUT[0] - 4),
      },
    }),
    shapeLayer([rays(12, 30, GOLD_PALE, 0.42, track([2, 0, EASE.linear], [OP, 45]))], {
      nm: "rays-gold",
      ip: 2,
      op: OP,
      ks: { p: C, s: track([2, [0, 0], EASE.out], [20, [100, 100]]), o: fade(OUT[0] - 10) },
    }),
    shapeLayer([rays(12, 22, PINK, 0.4, track([4, 15, EASE.linear], [OP, -25]), 1.6)], {
      nm: "rays-pink",
      ip: 4,
      op: OP,
      ks: { p: C, s: track([4, [0, 0], EASE.out], [22, [75, 75]]), o: fade(OUT[0] - 10) },
    }),
    ring(C, 3, 360, GOLD_PALE),
    ring(C, 9, 300, PINK_PALE),
    ring(C, 38, 340, GOLD_PALE),
  );

  // Two waves of stars flying out.
  const wave = (count: number, from: number, spread: number, near: number, far: number) => {
    for (let n = 0; n < count; n += 1) {
      const st = from + rng.int(0, spread);
      const target = away(C, (360 / count) * n + rng.range(-7, 7), rng.range(near, far));
      const size = round(rng.range(55, 125));
      layers.push(
        instance(n % 5 === 4 ? dot : bursts[n % bursts.length]!, st, {
          p: move(st, C, st + 22, target),
          s: [size, size],
        }),
      );
    }
  };
  wave(22, 3, 4, 150, 320);
  wave(14, 36, 6, 110, 240);

  // The big sparkle with two small companions, like ✨.
  const bigSparkle = (r: number, at: Vec, from: number, spin: number): Layer => {
    // Plumper arms than the small twinkles.
    const shine = gradient(
      "radial",
      [0, -r * 0.15],
      [r, 0],
      [
        [0, WHITE, 1],
        [0.3, GOLD_PALE, 1],
        [1, GOLD, 1],
      ],
    );
    return shapeLayer(
      [
        glow(r * 1.4, PINK, 0.55),
        group([sparklePath(r, 0.64), stroke(WHITE, 2, 70), shine]),
        group([sparklePath(r * 0.42, 0.6), fill(WHITE)]),
      ],
      {
        nm: "big-sparkle",
        ip: from,
        op: OUT[1],
        ks: {
          p: at,
          s: track(
            [from, [0, 0], EASE.back],
            [from + 12, [100, 100]],
            [from + 30, [88, 88]],
            [from + 48, [104, 104], "hold"],
            [OUT[0] - 8, [104, 104], EASE.soft],
            [OUT[0] + 2, [120, 120], EASE.in],
            [OUT[1] - 6, [0, 0]],
          ),
          // It twinkles out: swells, then shrinks away with a turn.
          r: track(
            [from, -spin, EASE.out],
            [from + 16, 0, "hold"],
            [OUT[0] - 8, 0, EASE.in],
            [OUT[1] - 6, spin],
          ),
        },
      },
    );
  };
  layers.push(
    bigSparkle(86, C, 3, 90),
    bigSparkle(28, [C[0]! + 96, C[1]! - 104], 10, 60),
    bigSparkle(20, [C[0]! - 92, C[1]! + 100], 14, 60),
  );
  layers.push(flash(C, 1, 120, PINK_PALE));

  // Twinkles all over.
  const spots = scatter(rng, 24, { x: C[0]!, y: C[1]!, rx: 110, ry: 120 });
  stagger(rng, spots.length, 14, OUT[1] - twinkleGold.frames).forEach((st, n) => {
    const size = round(rng.range(45, 115));
    layers.push(instance(n % 2 ? twinklePink : twinkleGold, st, { p: spots[n]!, s: [size, size] }));
  });

  return animation("sparkle", OP, A, layers);
}

// ---------------------------------------------------------------------------------------------

const outDir = "public/gifts";
mkdirSync(outDir, { recursive: true });
for (const anim of [makeChampagne(), makeTower(), makeSparkle()]) {
  // Three decimals are plenty for colours and timing curves; positions are whole pixels.
  const json = JSON.stringify(anim, (_key, v: unknown) => (typeof v === "number" ? round(v, 3) : v));
  writeFileSync(`${outDir}/${anim.nm}.json`, json);
  const seconds = (anim.op / anim.fr).toFixed(2);
  const bytes = Buffer.byteLength(json);
  console.log(
    `${outDir}/${anim.nm}.json: ${anim.w}×${anim.h}, ${anim.op} frames at ${anim.fr} fps (${seconds} s), ${bytes} bytes`,
  );
  if (bytes > 40_000) throw new Error(`${anim.nm}.json is over 40 KB`);
}
