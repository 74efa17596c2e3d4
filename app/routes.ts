import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The explicit route table. Paths are exactly those of the spec (§2) and the contract (§2, §5).
export default [
  index("routes/public/home.tsx"),

  route("api/health", "routes/api/health.ts"),
  route("api/areas", "routes/api/areas.ts"),
  route("api/options", "routes/api/options.ts"),
  route("api/*", "routes/api/not-found.ts"),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
