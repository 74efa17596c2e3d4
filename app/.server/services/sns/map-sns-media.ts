import type { PostKind, PostMedia } from "~/domain/posts";
import { POST_CAPTION_MAX } from "~/domain/posts";
import type { SnsMediaItem, SnsVendor } from "../../integrations/sns";

const KINDS: Record<SnsMediaItem["kind"], PostKind> = {
  image: "image",
  video: "video",
  carousel: "carousel_album",
  text: "text",
};

/**
 * A vendor item as a post's kind and media (ADR 0024: we keep links, captions and the
 * thumbnails the API allows; the media play from the platform). TikTok and YouTube keep only the
 * official embed player; Instagram keeps its CDN URLs (they expire: display, never archive).
 */
export function mapSnsMedia(
  source: SnsVendor,
  item: SnsMediaItem,
): { kind: PostKind; caption: string; media: PostMedia[] } {
  const caption = [...item.caption].slice(0, POST_CAPTION_MAX).join("");
  if (source !== "instagram") {
    const url = item.embed_url ?? item.media_urls[0] ?? item.permalink;
    return {
      kind: KINDS[item.kind],
      caption,
      media: [{ url, kind: "embed", width: null, height: null, thumbnail_url: item.thumbnail_url }],
    };
  }
  const media = item.media_urls.map(
    (url): PostMedia => ({
      url,
      kind: item.kind === "video" || /\.(mp4|mov|webm)(\?|$)/i.test(url) ? "video" : "image",
      width: null,
      height: null,
      thumbnail_url: item.kind === "video" ? item.thumbnail_url : null,
    }),
  );
  return { kind: KINDS[item.kind], caption, media };
}
