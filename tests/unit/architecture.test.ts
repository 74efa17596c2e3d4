import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The direction of imports (ADR 0022): routes → http (controllers) → services → db/integrations →
 * domain. Read from the source, so a new file that breaks a rule fails here rather than in review.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.parentPath.includes("+types"))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** Every module a file imports, resolved to a repository path when it is ours (`~/…` or relative). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  return [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"/gm)].map(([, spec]) => {
    if (spec!.startsWith("~/")) return path.join("app", spec!.slice(2));
    if (spec!.startsWith(".")) return path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec!));
    return spec!;
  });
}

function violations(dirs: string[], forbidden: (target: string) => boolean): string[] {
  return dirs.flatMap((dir) =>
    sourceFiles(dir).flatMap((file) =>
      importsOf(file)
        .filter(forbidden)
        .map((target) => `${file} → ${target}`),
    ),
  );
}

const under = (prefix: string) => (target: string) => target === prefix || target.startsWith(`${prefix}/`);

describe("the layers of the house", () => {
  it("domain is pure: nothing from the server, the database or React Router", () => {
    expect(
      violations(
        ["app/domain"],
        (t) => under("app/.server")(t) || t.startsWith("drizzle-orm") || t === "react-router",
      ),
    ).toEqual([]);
  });

  it("services, integrations, jobs, realtime, db and the seed never reach up to controllers or routes", () => {
    const lower = [
      "app/.server/services",
      "app/.server/integrations",
      "app/.server/jobs",
      "app/.server/realtime",
      "app/.server/db",
      "app/.server/seed",
    ];
    expect(violations(lower, (t) => under("app/.server/http")(t) || under("app/routes")(t))).toEqual([]);
  });

  it("the database, integrations and realtime never import the job platform; it and the queue import no use case", () => {
    expect(
      violations(
        ["app/.server/db", "app/.server/integrations", "app/.server/realtime"],
        under("app/.server/jobs"),
      ),
    ).toEqual([]);
    // The job → use case wiring is the server's (server/job-handlers.ts, the composition root).
    expect(violations(["app/.server/jobs", "app/.server/db"], under("app/.server/services"))).toEqual([]);
  });

  it("services are grouped by subject, never by the kind of account that calls them", () => {
    const folders = readdirSync(path.join(ROOT, "app/.server/services"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(
      folders.filter((name) => ["admin", "liver", "listener", "operator", "store"].includes(name)),
    ).toEqual([]);
  });

  it("no folder of services imports one that imports it back, however far round", () => {
    const folderOf = (file: string) => file.split("/")[3] ?? "";
    const edges = new Map<string, Set<string>>();
    for (const file of sourceFiles("app/.server/services"))
      for (const target of importsOf(file).filter(under("app/.server/services"))) {
        const [from, to] = [folderOf(file), folderOf(target)];
        if (from.endsWith(".ts") || to.endsWith(".ts") || from === to) continue;
        edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    const cycles: string[] = [];
    const reach = (start: string, at: string, trail: string[], seen: Set<string>) => {
      for (const next of edges.get(at) ?? []) {
        if (next === start) cycles.push([...trail, next].join(" → "));
        else if (!seen.has(next)) reach(start, next, [...trail, next], seen.add(next));
      }
    };
    for (const start of edges.keys()) reach(start, start, [start], new Set([start]));
    expect(cycles).toEqual([]);
  });

  it("auth imports no use case (hooks such as publishVerifiedStore are passed in by the server)", () => {
    expect(violations(["app/.server/auth"], under("app/.server/services"))).toEqual([]);
  });

  it("controllers (app/.server/http), routes and components never build SQL", () => {
    expect(
      violations(
        ["app/.server/http", "app/routes", "app/components"],
        (t) => t.startsWith("drizzle-orm") || under("app/.server/db/schema")(t),
      ),
    ).toEqual([]);
  });

  it("shared service helpers live in services/shared, not inside a use-case folder", () => {
    const helpers = [
      "staff-query",
      "staff-access",
      "write-log",
      "renumber-staff",
      "insert-credential-user",
      "insert-staff-account",
      "is-current-password",
      "listener-context",
      "liver-query",
      "proof-of-work",
      "process-upload",
    ];
    const found = sourceFiles("app/.server/services").filter((file) =>
      helpers.some((name) => path.basename(file, ".ts") === name),
    );
    expect(found.every((file) => file.startsWith("app/.server/services/shared/"))).toBe(true);
    expect(found).toHaveLength(helpers.length);
  });
});
