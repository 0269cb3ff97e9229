/**
 * The packet-forward memo grammar, written from cosmos/ibc-apps
 * middleware/packet-forward-middleware/README.md ("Full Example") and packetforward/types/forward.go:
 * `{"forward": {receiver, port, channel, timeout?, retries?, next?}}`; `receiver` non-empty; port
 * and channel valid ICS-24 identifiers; `timeout` a Go Duration (integer nanoseconds or text such
 * as "10m"); `retries` a uint8; `next` the next memo, an object or its escaped JSON text.
 */
import * as z from "zod";

const PORT = /^[a-zA-Z0-9._+\-#[\]<>]{2,128}$/; // ICS-24 port identifier
const CHANNEL = /^channel-(0|[1-9][0-9]*)$/;
const GO_DURATION = /^([0-9]+(\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$/;

export type ForwardMemo = { forward: { receiver: string; port: string; channel: string; timeout?: number | string; retries?: number; next?: ForwardMemo | string } };

export const ForwardMemoSchema: z.ZodType<ForwardMemo> = z.lazy(() =>
  z
    .object({
      forward: z
        .object({
          receiver: z.string().min(1),
          port: z.string().regex(PORT),
          channel: z.string().regex(CHANNEL),
          // An int64 of nanoseconds; above 2^53 JSON.parse rounds it, so no safe-integer check.
          timeout: z.union([z.number().positive().max(2 ** 63).refine(Number.isInteger), z.string().regex(GO_DURATION)]).optional(),
          retries: z.number().int().min(0).max(255).optional(),
          next: z.union([ForwardMemoSchema, z.string().transform((text, ctx) => {
            const parsed = ForwardMemoSchema.safeParse(JSON.parse(text));
            if (!parsed.success) ctx.addIssue({ code: "custom", message: "next text is not a forward memo" });
            return text;
          })]).optional(),
        })
        .strict(),
    })
    .strict(),
);

/** The forward objects of a memo, outermost first. */
export function forwardsOf(memo: ForwardMemo): ForwardMemo["forward"][] {
  const out: ForwardMemo["forward"][] = [];
  let at: ForwardMemo | undefined = memo;
  while (at !== undefined) {
    out.push(at.forward);
    at = typeof at.forward.next === "string" ? (JSON.parse(at.forward.next) as ForwardMemo) : at.forward.next;
  }
  return out;
}
