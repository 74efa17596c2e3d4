/**
 * Limits of uploaded pictures (store and staff images, listener icons). Every upload is decoded
 * and re-encoded on the server (sharp), so these bound the work a request can cause.
 */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Decoding stops beyond this many pixels (a "decompression bomb" is refused, not processed). */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;
/** The stored picture fits into this square (long side), never enlarged. */
export const IMAGE_MAX_SIDE = 1600;
/** Store and staff galleries hold at most this many pictures. */
export const GALLERY_MAX_IMAGES = 10;
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";
/**
 * Several gallery pictures may be sent in one post, together at most this many bytes (below the
 * server's multipart limit of the mypages, server/app.ts); each still at most IMAGE_MAX_BYTES.
 */
export const GALLERY_UPLOAD_MAX_BYTES = 30 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  required: "画像を選択してください",
  too_large: `画像のファイルサイズは${IMAGE_MAX_BYTES / 1024 / 1024}MBまでです`,
  too_many_pixels: "画像の解像度が大きすぎます。縮小してからお試しください",
  unsupported: "JPEG・PNG・WebP・GIF・AVIF形式の画像を選択してください",
  broken: "画像を読み込めませんでした。別の画像をお試しください",
  too_many_uploads: "短時間に多くの画像が送信されました。しばらく時間をおいてから再度お試しください",
  gallery_full: `画像は${GALLERY_MAX_IMAGES}枚まで登録できます`,
  upload_too_large: `一度に送れる画像は合計${GALLERY_UPLOAD_MAX_BYTES / 1024 / 1024}MBまでです。何回かに分けて送ってください`,
} as const;

/** A refusal of one of several chosen pictures, naming it (「shop.png」：…). */
export function imageFileMessage(fileName: string, message: string): string {
  const name = [...fileName.trim()];
  const shown = name.length > 40 ? `${name.slice(0, 39).join("")}…` : name.join("");
  return `「${shown || "名前のないファイル"}」：${message}`;
}

/** More pictures chosen than the gallery has room for. */
export function galleryRoomMessage(room: number, chosen: number): string {
  return room <= 0
    ? IMAGE_MESSAGES.gallery_full
    : `画像はあと${room}枚まで追加できます（${chosen}枚選ばれています。最大${GALLERY_MAX_IMAGES}枚）`;
}

export type ImageErrorKey = Exclude<
  keyof typeof IMAGE_MESSAGES,
  "gallery_full" | "required" | "upload_too_large"
>;

/** File name endings of the accepted formats (the content is what decides; a mismatch is refused too). */
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "gif", "avif"] as const;

/** Whether a file name ends in one of IMAGE_EXTENSIONS (case-insensitive). */
export function hasImageExtension(name: string): boolean {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(name.trim());
  return match !== null && (IMAGE_EXTENSIONS as readonly string[]).includes(match[1]!.toLowerCase());
}

/** What a gallery form says after it succeeded (`?done=<key>`). */
export const GALLERY_DONE = {
  image_added: "画像を追加しました",
  image_removed: "画像を削除しました",
  image_moved: "画像の並び順を変更しました",
} as const;
