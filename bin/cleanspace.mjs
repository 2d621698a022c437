#!/usr/bin/env node
// The CLI's former entry, kept for scripts that call it: runs bin/cleanspace.cjs, the entry
// `npx cleanspace` uses (CommonJS starts faster; see that file).
import { createRequire } from "node:module";

createRequire(import.meta.url)("./cleanspace.cjs");
