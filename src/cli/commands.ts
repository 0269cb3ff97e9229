/**
 * Every command but `serve`, in one module: ./main.ts imports it when one of them runs (or the help
 * lists them all), so `serve` starts without their code, and they without the server's.
 */
export { between } from "./between.js";
export { compile } from "./compile.js";
export { exportCommand } from "./export.js";
export { fromSource } from "./from-source.js";
export { route } from "./route.js";
export { validate } from "./validate.js";
export { why } from "./why.js";
export { destinations } from "./destinations.js";
export { chains } from "./chains.js";
export { assets } from "./assets.js";
export { refreshStateCommand } from "./refresh-state.js";
export { msgs } from "./msgs.js";
export { resume } from "./resume.js";
export { keygen } from "./keygen.js";
export { publish } from "./publish.js";
