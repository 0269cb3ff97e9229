import { defineConfig } from "vitest/config";
import { vitePageEmbed } from "./scripts/page-embed.js";

export default defineConfig({
  // The explorer page's browser script, bundled and embedded as text as tsup does (scripts/page-embed.ts).
  plugins: [vitePageEmbed()],
  test: {
    include: ["test/**/*.test.ts"],
    // Property tests and the embedded mainnet registry take a few seconds on a shared 2-core box.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
