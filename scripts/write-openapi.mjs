#!/usr/bin/env node
// Writes dist/openapi.json (the package's "./openapi.json" export) from the built library, so the
// published document is the one GET /openapi.json serves. Runs after tsup in `npm run build`.
import { writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "../dist/http.js";

const target = new URL("../dist/openapi.json", import.meta.url);
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
