/** Vitest setup (vitest.config.ts), run again before each test file: no file sees another's values (per-file.ts). */
import { forgetPerFileValues } from "./per-file.js";

forgetPerFileValues();
