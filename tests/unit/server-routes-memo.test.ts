import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type * as ReactRouter from "react-router";
import { describe, expect, it } from "vitest";

/**
 * React Router 7.18.4's production build is patched (patches/, ADR 0064) to build the server
 * routes of a build once, not on every document request: `createEntryRouteModules` keeps one
 * route-modules object per build, `ServerRouter` one set of server routes per build, and
 * `createStaticRouter` one set of data routes per routes array. These tests run a minimal build
 * through the production request handler — what the built server bundles (vite.config.ts) — and
 * hold the patch to what it must keep: each request renders its own URL and its own data.
 */
const productionDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production",
);
const router = (await import(
  pathToFileURL(path.join(productionDir, "index.mjs")).href
)) as typeof ReactRouter;

/** What each render saw: its URL and its loader's data. */
const renders: { pathname: string; greeting: string }[] = [];

function Root() {
  return createElement("main", null, createElement(router.Outlet));
}

function Greeting() {
  const data = router.useLoaderData() as { greeting: string };
  const location = router.useLocation();
  renders.push({ pathname: location.pathname, greeting: data.greeting });
  return createElement("p", null, data.greeting, createElement(router.Link, { to: "/hello/other" }, "other"));
}

function build() {
  renders.length = 0;
  const route = (
    id: string,
    parentId: string | undefined,
    routePath: string | undefined,
    module: object,
  ) => ({
    id,
    parentId,
    path: routePath,
    index: undefined,
    caseSensitive: undefined,
    module,
  });
  const modules = {
    root: route("root", undefined, "", { default: Root }),
    hello: route("hello", "root", "hello/:name", {
      default: Greeting,
      loader: ({ params }: { params: { name: string } }) => ({ greeting: `こんにちは、${params.name}` }),
    }),
  };
  const manifestRoute = (
    id: string,
    parentId: string | undefined,
    routePath: string,
    hasLoader: boolean,
  ) => ({
    id,
    parentId,
    path: routePath,
    hasAction: false,
    hasLoader,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    module: `/${id}.js`,
    imports: [],
  });
  const serverBuild = {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers, context: unknown) => {
          const url = (context as { staticHandlerContext: { location: { pathname: string } } })
            .staticHandlerContext.location.pathname;
          const html = renderToString(
            createElement(router.ServerRouter, {
              context: context as ReactRouter.EntryContext,
              url: `http://localhost${url}`,
            }),
          );
          headers.set("content-type", "text/html");
          return new Response(html, { status, headers });
        },
      },
    },
    routes: modules,
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: {
        root: manifestRoute("root", undefined, "", false),
        hello: manifestRoute("hello", "root", "hello/:name", true),
      },
      url: "/manifest.js",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    basename: "/",
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  };
  return { serverBuild, renders };
}

describe("server routes built once per build (patches/react-router, ADR 0064)", () => {
  it("is applied to the production build by npm install (postinstall runs patch-package)", () => {
    const sources = ["chunk-G2MPF4YY.mjs", "chunk-Q34X6AWR.mjs"].map((file) =>
      readFileSync(path.join(productionDir, file), "utf8"),
    );
    const patched = sources.join("\n");
    for (const marker of ["__serverRoutesCache", "__entryRouteModules", "__staticDataRoutes"]) {
      expect(patched).toContain(marker);
    }
  });

  it("renders each request's own URL and data, request after request", async () => {
    const { serverBuild, renders } = build();
    const handle = router.createRequestHandler(
      serverBuild as unknown as ReactRouter.ServerBuild,
      "production",
    );
    const names = ["a", "b", "a", "c", "b"];
    for (const name of names) {
      const response = await handle(new Request(`http://localhost/hello/${name}`));
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`こんにちは、${name}`);
      expect(html).toContain('href="/hello/other"');
    }
    expect(renders).toEqual(
      names.map((name) => ({ pathname: `/hello/${name}`, greeting: `こんにちは、${name}` })),
    );
  });

  it("keeps one set of routes for a build: a second request's router routes are the first's", () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "x", path: "x" }] }];
    const context = (pathname: string, value: string) =>
      ({
        basename: "/",
        location: { pathname, search: "", hash: "", state: null, key: "default" },
        matches: [],
        loaderData: { x: value },
        actionData: null,
        errors: null,
        statusCode: 200,
        loaderHeaders: {},
        actionHeaders: {},
      }) as unknown as ReactRouter.StaticHandlerContext;
    const first = router.createStaticRouter(routes, context("/x", "one"));
    const second = router.createStaticRouter(routes, context("/", "two"));
    expect(second.routes).toBe(first.routes);
    // The state is each request's own.
    expect(first.state.location.pathname).toBe("/x");
    expect(second.state.location.pathname).toBe("/");
    expect(first.state.loaderData).toEqual({ x: "one" });
    expect(second.state.loaderData).toEqual({ x: "two" });
  });
});
