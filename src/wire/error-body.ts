/** The JSON body of every error answer: `{code, message, details}` with the gRPC status number. */
import * as z from "zod/mini";
import { ErrorDetailSchema } from "../errors.js";

export const ErrorBodySchema = z.object({
  code: z.number().check(z.int(), z.describe("gRPC status: 3 invalid argument, 5 not found, 8 too large, 12 unimplemented, 13 internal")),
  message: z.string().check(z.describe("What went wrong and why")),
  details: z.readonly(z.array(ErrorDetailSchema)).check(z.describe("One entry per invalid request field, with its path")),
});
