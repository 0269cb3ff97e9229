/**
 * A route hop's label in a picture, with the IBC leg of an Axelar transfer shown as part of that
 * transfer (`AXELAR (IBC transfer/channel-2)`): it is the one step the `AXELAR` hop next to it makes.
 */
import type { RouteHop } from "../wire/route.js";
import { pictureHopLabel } from "./labels.js";

export function routeHopLabel(hop: RouteHop, index: number, broken: string | undefined): string {
  if (broken !== undefined || hop.kind !== "ibc" || hop.part_of !== "AXELAR") return pictureHopLabel(hop, index, broken);
  const label = `AXELAR (IBC ${hop.port}/${hop.channel})`;
  return index > 0 && hop.starts_tx ? `${label} (new tx)` : label;
}
