#!/usr/bin/env node
// Writes dist/openapi.json (the package's "./openapi.json" export) from the built library, so the
// published document is the one GET /openapi.json serves, in the same compact form (indented, it
// was 210 KB against 107 KB: a tenth of the package; `jq .` shows it indented).
// Runs after tsup in `npm run build`.
import { writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "../dist/http.js";

const target = new URL("../dist/openapi.json", import.meta.url);
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument())}\n`);
