import type { Route } from "./+types/robots";

/** `GET /robots.txt`: private areas are not for crawlers; the sitemap is named with the public origin. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Disallow: /listener/mypage",
    "Disallow: /liver/mypage",
    "Disallow: /staff/mypage",
    "Disallow: /listener/coin",
    "Disallow: /admin",
    "Disallow: /dev/",
    "Disallow: /api/",
    "",
    `Sitemap: ${context.env.baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
