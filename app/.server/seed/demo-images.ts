import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { STORE_TYPES } from "../../domain/options";
import type { ObjectStorage } from "../integrations/storage/object-storage";
import { createRandom, type Random } from "./random";

/**
 * The picture pool of the demo data: abstract WebP images drawn from SVG with sharp (gradients in
 * the store-type colours, soft shapes, an initial or a silhouette), so the demo needs no photos
 * and no network. Made once per data directory; existing files are kept.
 */

/** Store images cycle through the store types in this order: image n belongs to type (n-1) % 8. */
export const DEMO_STORE_IMAGE_TYPES: readonly string[] = STORE_TYPES.map((t) => t.value);

/** `hex` mixed with white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    return Math.round(c + (target - c) * a)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** Gradient stops (light, category colour, dark) of each store type's colour (docs/product.md). */
const STORE_PALETTES: [string, string, string][] = STORE_TYPES.map((t) => [
  shade(t.hex, 0.45),
  t.hex,
  shade(t.hex, -0.7),
]);

const STAFF_PALETTES: [string, string, string][] = [
  ["#ffd1e3", "#f38bb5", "#8c2f5e"],
  ["#e3d4ff", "#a98bf3", "#4a2c8c"],
  ["#d4ecff", "#8bbcf3", "#2c558c"],
  ["#ffe6d1", "#f3b38b", "#8c4f2c"],
  ["#d8f5e8", "#8bd9b5", "#2c7a58"],
  ["#fff3c4", "#f3d36b", "#8c6d1c"],
];

const STORE_INITIALS = "ABCDEFGHJKLMNPRSTVW";

export interface DemoImages {
  storeImages: string[];
  staffImages: string[];
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Bokeh: circles filled with a radial fade (`#soft`), much cheaper to render than a blur filter. */
function softShapes(random: Random, width: number, height: number, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const r = random.int(Math.round(width * 0.08), Math.round(width * 0.3));
    out += `<circle cx="${random.int(0, width)}" cy="${random.int(0, height)}" r="${r}" fill="url(#soft)" opacity="${(0.3 + random.next() * 0.5).toFixed(2)}"/>`;
  }
  return out;
}

const SOFT_GRADIENT = `<radialGradient id="soft"><stop offset="0" stop-color="#ffffff" stop-opacity="0.7"/><stop offset="0.6" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`;

function storeSvg(n: number): string {
  const random = createRandom(1000 + n);
  const [light, mid, dark] = STORE_PALETTES[(n - 1) % STORE_PALETTES.length]!;
  const w = 800;
  const h = 600;
  const initial = STORE_INITIALS[random.int(0, STORE_INITIALS.length - 1)];
  const angle = random.int(0, 359);
  // A stylised glass on the counter, then bokeh: reads as "bar at night" without any text.
  const gx = random.int(460, 620);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle % 90} 0.5 0.5)">
      <stop offset="0" stop-color="${light}"/><stop offset="0.55" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.3" cy="0.3" r="0.7">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    ${SOFT_GRADIENT}
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${softShapes(random, w, h, 9)}
  <rect width="${w}" height="${h}" fill="url(#glow)"/>
  <rect y="${h - 140}" width="${w}" height="140" fill="${dark}" opacity="0.55"/>
  <path d="M ${gx - 60} ${h - 330} L ${gx + 60} ${h - 330} L ${gx} ${h - 240} Z" fill="#ffffff" opacity="0.8"/>
  <rect x="${gx - 4}" y="${h - 242}" width="8" height="90" fill="#ffffff" opacity="0.8"/>
  <ellipse cx="${gx}" cy="${h - 150}" rx="44" ry="9" fill="#ffffff" opacity="0.8"/>
  <text x="70" y="${h - 190}" font-family="DejaVu Serif, Liberation Serif, serif" font-size="260" font-weight="bold" fill="#ffffff" opacity="0.9">${initial}</text>
</svg>`;
}

function staffSvg(n: number): string {
  const random = createRandom(5000 + n);
  const [light, mid, dark] = STAFF_PALETTES[(n - 1) % STAFF_PALETTES.length]!;
  const w = 600;
  const h = 800;
  const cx = w / 2 + random.int(-40, 40);
  const headY = 330;
  const skin = "#fbf7fa";
  // Long hair falls behind the shoulders; a bob sits on top of the head.
  const longHair = random.chance(0.6);
  const hairBehind = longHair
    ? `<path d="M ${cx - 112} ${headY} C ${cx - 135} ${headY - 165}, ${cx + 135} ${headY - 165}, ${cx + 112} ${headY} L ${cx + 128} ${headY + 190} Q ${cx + 100} ${headY + 215} ${cx + 60} ${headY + 195} L ${cx - 60} ${headY + 195} Q ${cx - 100} ${headY + 215} ${cx - 128} ${headY + 190} Z" fill="${dark}"/>`
    : "";
  const hairOnTop = longHair
    ? `<path d="M ${cx - 100} ${headY - 5} C ${cx - 95} ${headY - 130}, ${cx + 95} ${headY - 130}, ${cx + 100} ${headY - 5} Q ${cx + 20} ${headY - 75} ${cx - 100} ${headY - 5} Z" fill="${dark}"/>`
    : `<path d="M ${cx - 104} ${headY + 30} C ${cx - 120} ${headY - 150}, ${cx + 120} ${headY - 150}, ${cx + 104} ${headY + 30} Q ${cx + 70} ${headY - 60} ${cx - 10} ${headY - 55} Q ${cx - 70} ${headY - 40} ${cx - 104} ${headY + 30} Z" fill="${dark}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${light}"/><stop offset="0.6" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/>
    </linearGradient>
    ${SOFT_GRADIENT}
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${softShapes(random, w, h, 8)}
  <g opacity="0.9">
  ${hairBehind}
  <rect x="${cx - 30}" y="${headY + 60}" width="60" height="90" fill="${skin}"/>
  <path d="M ${cx - 240} ${h} C ${cx - 235} ${h - 230}, ${cx - 150} ${h - 300}, ${cx - 55} ${h - 315} L ${cx + 55} ${h - 315} C ${cx + 150} ${h - 300}, ${cx + 235} ${h - 230}, ${cx + 240} ${h} Z" fill="${skin}"/>
  <circle cx="${cx}" cy="${headY}" r="95" fill="${skin}"/>
  ${hairOnTop}
  </g>
</svg>`;
}

async function render(file: string, svg: string): Promise<void> {
  const { default: sharp } = await import("sharp");
  const buffer = await sharp(Buffer.from(svg)).webp({ quality: 72, effort: 2 }).toBuffer();
  // Write then rename, so a crash never leaves a half-written image that would be kept forever.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, buffer);
  renameSync(temp, file);
}

/**
 * Makes the missing images under `<dataDir>/uploads/demo/` and returns the public URLs of all.
 * With `storage` (S3), the ones it lacks are also stored there, where `/uploads/demo/…` is read.
 */
export async function ensureDemoImages(
  dataDir: string,
  counts: { stores: number; staff: number } = { stores: 24, staff: 48 },
  storage?: ObjectStorage,
): Promise<DemoImages> {
  const dir = path.join(dataDir, "uploads", "demo");
  mkdirSync(dir, { recursive: true });
  const jobs: { file: string; make: () => string }[] = [];
  const storeImages: string[] = [];
  const staffImages: string[] = [];
  for (let n = 1; n <= counts.stores; n++) {
    const name = `store-${pad(n)}.webp`;
    storeImages.push(`/uploads/demo/${name}`);
    jobs.push({ file: path.join(dir, name), make: () => storeSvg(n) });
  }
  for (let n = 1; n <= counts.staff; n++) {
    const name = `staff-${pad(n)}.webp`;
    staffImages.push(`/uploads/demo/${name}`);
    jobs.push({ file: path.join(dir, name), make: () => staffSvg(n) });
  }
  const missing = jobs.filter((job) => !existsSync(job.file));
  // A few at a time: sharp has its own thread pool, more in flight only costs memory.
  const parallel = 4;
  for (let i = 0; i < missing.length; i += parallel) {
    await Promise.all(missing.slice(i, i + parallel).map((job) => render(job.file, job.make())));
  }
  // On the disk storage this finds every file in place and stores nothing.
  if (storage)
    for (const job of jobs) {
      const key = `demo/${path.basename(job.file)}`;
      if (!(await storage.head(key)))
        await storage.put(key, readFileSync(job.file), { contentType: "image/webp" });
    }
  return { storeImages, staffImages };
}
