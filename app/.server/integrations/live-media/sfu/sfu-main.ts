// The SFU process's entry in development and tests (forked under tsx); production enters through
// server.js with YORU_SFU_CHILD=1 (ADR 0031).
import { runSfuChild } from "./sfu-child";

runSfuChild();
