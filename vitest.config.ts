import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Property tests and the embedded mainnet registry take a few seconds on a shared 2-core box.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
