import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { LoaderFunctionArgs } from "react-router";
import * as commonJsBuild from "react-router";
import { describe, expect, it } from "vitest";

// The server imports React Router's ES module build; Vitest resolves the CommonJS one. Both are
// patched, and both are tested.
const distDir = path.dirname(createRequire(import.meta.url).resolve("react-router"));
const esModuleBuild = (await import(
  pathToFileURL(path.join(distDir, "index.mjs")).href
)) as typeof commonJsBuild;

/**
 * React Router 7.18.4 is patched (patches/, ADR 0041) to remember the matches of a pathname
 * against a handler's precomputed branches. These tests hold the patch to what it must keep:
 * the same answers as a fresh match, and never an object shared between two requests.
 */
describe("route matching memo (patches/react-router, ADR 0041)", () => {
  // The development builds (Vitest, `npm run dev`) and the production module the built server
  // bundles (vite.config.ts).
  it.each(["chunk-OB3PAWPO.mjs", "chunk-GR4NQCSD.js", "../production/chunk-Q34X6AWR.mjs"])(
    "is applied to %s by npm install (postinstall runs patch-package)",
    (file) => {
      expect(readFileSync(path.join(distDir, file), "utf8")).toContain("__matchCaches");
    },
  );

  describe.each([
    ["ES module", esModuleBuild],
    ["CommonJS", commonJsBuild],
  ])("%s build", (_name, { createStaticHandler }) => {
    function handler() {
      const seen: Record<string, string | undefined>[] = [];
      const loader = ({ params }: LoaderFunctionArgs) => {
        seen.push({ ...params });
        // A loader that changes its params (typed read-only, but a plain object at run time)
        // must not change the next request's.
        (params as Record<string, string | undefined>).id = "changed";
        return { id: params.id };
      };
      const routes = [
        {
          id: "root",
          path: "/",
          children: [
            { id: "staff", path: "listener/staff/:id", loader },
            { id: "staff-sns", path: "listener/staff/:id/sns", loader },
            { id: "news", path: "listener/mypage/news", loader },
          ],
        },
      ];
      return { query: createStaticHandler(routes), seen };
    }

    it.each([
      ["/listener/staff/a", "staff", { id: "a" }],
      ["/listener/staff/a/sns", "staff-sns", { id: "a" }],
      ["/listener/mypage/news", "news", {}],
    ])("%s matches %s with the same params every time", async (pathname, routeId, params) => {
      const { query, seen } = handler();
      for (let i = 0; i < 3; i++) {
        const response = await query.queryRoute(new Request(`http://localhost${pathname}`), { routeId });
        expect(response).toBeDefined();
      }
      expect(seen).toEqual([params, params, params]);
    });

    it("tells two pathnames of one route apart after both are remembered", async () => {
      const { query, seen } = handler();
      for (const id of ["a", "b", "a", "b"]) {
        await query.queryRoute(new Request(`http://localhost/listener/staff/${id}`), { routeId: "staff" });
      }
      expect(seen.map((p) => p.id)).toEqual(["a", "b", "a", "b"]);
    });

    it("remembers a miss as a miss", async () => {
      const { query } = handler();
      for (let i = 0; i < 2; i++) {
        await expect(query.queryRoute(new Request("http://localhost/nowhere"))).rejects.toMatchObject({
          status: 404,
        });
      }
    });
  });
});
