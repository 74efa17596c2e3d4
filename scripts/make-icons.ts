// Renders public/favicon.svg into favicon.ico (a PNG inside an ICO container) and the
// apple-touch-icon. Run once when the logo changes: `npx tsx scripts/make-icons.ts`.
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
console.log("public/favicon.ico and public/apple-touch-icon.png written");
