/**
 * The head of a public page (SEO): title, description, canonical URL, Open Graph, Twitter card and
 * schema.org JSON-LD, as React Router meta descriptors. React Router escapes the JSON-LD, so user
 * text (a store name with "</script>") cannot break out of it.
 */
import type { MetaDescriptor } from "react-router";
import { SITE_NAME } from "./site";

export interface SeoInput {
  /** The whole <title> (see `pageTitle`). */
  title: string;
  description: string;
  /** Absolute URL of the page's canonical form. */
  canonical: string;
  /** Absolute URL of a picture for link previews. */
  image?: string | null;
  type?: "website" | "profile" | "business.business";
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  noindex?: boolean;
}

/** A description cut to about 120 characters (what search results show in Japanese). */
export function clampDescription(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join("")}…`;
}

/** An absolute URL from a site path (uploads are stored as "/uploads/…"). */
export function absoluteUrl(baseUrl: string, path: string): string {
  return new URL(path, `${baseUrl}/`).toString();
}

export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const description = clampDescription(input.description);
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: input.canonical },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "ja_JP" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: description },
    { property: "og:url", content: input.canonical },
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
  ];
  if (input.image) tags.push({ property: "og:image", content: input.image });
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  for (const item of Array.isArray(input.jsonLd) ? input.jsonLd : input.jsonLd ? [input.jsonLd] : []) {
    tags.push({ "script:ld+json": item });
  }
  return tags;
}
