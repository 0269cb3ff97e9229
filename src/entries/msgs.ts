/**
 * fungible-graph/msgs: the transfer messages of a route (ICS-20 MsgTransfer, with packet-forward
 * memos), and the Skip Go API's route, msgs and msgs_direct answers for IBC transfers. Its own
 * entry because it brings a protobuf writer and a bech32 decoder the queries never need.
 */
export { transferMessages, type TransferMessage, type TransferMessages } from "../msgs/transfer-messages.js";
export { skipMsgs, skipMsgsDirect, skipRoute } from "../msgs/skip-messages.js";
export type { MsgTransferEncodeObject, MsgTransferValue } from "../msgs/msg-transfer.js";
export { INTERMEDIATE_RECEIVER } from "../msgs/forward-memo.js";
export { resumeTransfer, resumedJson, type Resumed } from "../msgs/resume.js";
export { estimatedRouteSeconds } from "../msgs/route-duration.js";
export type { TransferMessagesRequest, ResumeRequest, ResumeResponse, SkipRouteRequest, SkipRouteResponse, SkipMsgsRequest, SkipMsgsResponse, SkipMsgsDirectRequest, SkipMsgsDirectResponse } from "../wire/msgs.js";
export type { AssetRouter } from "../router/router.js";
export type { Route } from "../wire/route.js";
