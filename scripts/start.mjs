// `npm start`: build when build/ is missing or older than the sources, then serve it.
import { buildIfStale } from "./lib/build-if-stale.mjs";

buildIfStale("start");
await import("../server.js");
