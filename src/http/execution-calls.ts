/**
 * What the execution calls and resume run (addresses, transaction bytes, transfer messages, packet
 * following), in one module: ./execution-routes.ts imports it on the first such call, so a server
 * starts without their code.
 */
export { base64 } from "@scure/base";
export { checkAddress } from "../msgs/address.js";
export { resumedJson, resumeTransfer } from "../msgs/resume.js";
export { txStatus } from "../remote/tx-status.js";
