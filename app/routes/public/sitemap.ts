import { listSitemapEntries } from "~/.server/services/directory/list-sitemap-entries";
import type { Route } from "./+types/sitemap";

/** The pages that are always there, besides every store and staff page. */
const STATIC_PATHS = ["/", "/search/liver", "/search/staff", "/gps", "/search/sns"];
/** The sitemap protocol's limit of URLs per file. */
const URLS_PER_FILE = 50_000;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

function xml(body: string) {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/**
 * `GET /sitemap.xml`: every public store and publicly listed staff member. Past 50,000 URLs it is
 * an index of `/sitemap.xml?part=N` files.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = context.env.baseUrl;
  const entries = [
    ...STATIC_PATHS.map((path) => ({ path, lastmod: null as Date | null })),
    ...(await listSitemapEntries({ db: context.db })),
  ];
  const parts = Math.ceil(entries.length / URLS_PER_FILE);
  const part = Number(new URL(request.url).searchParams.get("part") ?? "0");
  if (parts > 1 && !(part >= 1 && part <= parts)) {
    const list = Array.from(
      { length: parts },
      (_, i) => `  <sitemap><loc>${escapeXml(`${base}/sitemap.xml?part=${i + 1}`)}</loc></sitemap>`,
    );
    return xml(
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${list.join("\n")}\n</sitemapindex>`,
    );
  }
  const slice = parts > 1 ? entries.slice((part - 1) * URLS_PER_FILE, part * URLS_PER_FILE) : entries;
  const urls = slice.map(
    (e) =>
      `  <url><loc>${escapeXml(`${base}${e.path}`)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ""}</url>`,
  );
  return xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>`);
}
