// Renders public/favicon.svg into favicon.ico (a PNG inside an ICO container), the
// apple-touch-icon, and the installable app's icons of public/manifest.webmanifest (192, 512, a
// maskable 512 with the safe zone, and the monochrome badge of push notifications).
// Run once when the logo changes: `npx tsx scripts/make-icons.ts`.
import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";

const svg = readFileSync("public/favicon.svg");
const png32 = await sharp(svg, { density: 300 }).resize(32, 32).png().toBuffer();
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(1, 4); // one image
header.writeUInt8(32, 6); // width
header.writeUInt8(32, 7); // height
header.writeUInt8(0, 8); // palette
header.writeUInt8(0, 9); // reserved
header.writeUInt16LE(1, 10); // planes
header.writeUInt16LE(32, 12); // bits per pixel
header.writeUInt32LE(png32.length, 14);
header.writeUInt32LE(22, 18); // offset of the image
writeFileSync("public/favicon.ico", Buffer.concat([header, png32]));
await sharp(svg, { density: 600 })
  .resize(180, 180)
  .flatten({ background: "#120d24" })
  .png()
  .toFile("public/apple-touch-icon.png");
for (const size of [192, 512])
  await sharp(svg, { density: 1200 }).resize(size, size).png().toFile(`public/icon-${size}.png`);
// Maskable: the platform crops to a circle or squircle; the logo keeps to the inner 80 %.
const inner = await sharp(svg, { density: 1200 }).resize(400, 400).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: "#120d24" } })
  .composite([{ input: inner, top: 56, left: 56 }])
  .png()
  .toFile("public/icon-maskable-512.png");
// The badge (Android's status bar) uses only the alpha channel: the moon in white on transparent.
const moon = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path d="M40 8a24 24 0 1 0 16 40A19 19 0 1 1 40 8z" fill="#fff"/></svg>',
);
await sharp(moon, { density: 600 }).resize(96, 96).png().toFile("public/badge-96.png");
console.log("public/favicon.ico, apple-touch-icon.png, icon-192/512, icon-maskable-512 and badge-96 written");
