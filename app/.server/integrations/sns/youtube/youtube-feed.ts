import type { SnsMediaItem } from "../types";

/**
 * A small reader for the channel feed (Atom, `https://www.youtube.com/feeds/videos.xml`). The feed
 * is flat and machine-written, so a tag reader is enough; no XML library is needed.
 */
export interface YouTubeFeed {
  channelId: string | null;
  title: string | null;
  items: SnsMediaItem[];
}

export function parseYouTubeFeed(xml: string): YouTubeFeed {
  const firstEntry = xml.indexOf("<entry");
  const head = firstEntry === -1 ? xml : xml.slice(0, firstEntry);
  const items: SnsMediaItem[] = [];
  for (const match of xml.matchAll(/<entry[\s>][\s\S]*?<\/entry>/g)) {
    const entry = match[0];
    const videoId = tagText(entry, "yt:videoId");
    const published = tagText(entry, "published");
    const postedAt = published ? new Date(published) : null;
    if (!videoId || !postedAt || Number.isNaN(postedAt.getTime())) continue;
    const link = /<link\b[^>]*\brel="alternate"[^>]*>/.exec(entry)?.[0];
    const embed = `https://www.youtube.com/embed/${videoId}`;
    items.push({
      external_id: videoId,
      kind: "video",
      caption: tagText(entry, "title") ?? "",
      media_urls: [embed],
      thumbnail_url: attr(/<media:thumbnail\b[^>]*>/.exec(entry)?.[0], "url"),
      permalink: attr(link, "href") ?? `https://www.youtube.com/watch?v=${videoId}`,
      embed_url: embed,
      posted_at: postedAt,
    });
  }
  return { channelId: tagText(head, "yt:channelId"), title: tagText(head, "title"), items };
}

function tagText(xml: string, tag: string): string | null {
  const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`).exec(xml);
  return match ? decodeXml(match[1]!.trim()) : null;
}

function attr(element: string | undefined, name: string): string | null {
  if (!element) return null;
  const match = new RegExp(`\\b${name}="([^"]*)"`).exec(element);
  return match ? decodeXml(match[1]!) : null;
}

export function decodeXml(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1")
    .replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, entity: string) => {
      if (entity.startsWith("#x")) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
      if (entity.startsWith("#")) return String.fromCodePoint(Number(entity.slice(1)));
      return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[entity]!;
    });
}
