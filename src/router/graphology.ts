/** The graphology view of a router, built once per router and shared. */
import type Graph from "graphology";
import type { AssetRouter } from "./router.js";
import { routeIndexOfRouter } from "./build-router.js";
import { graphologyView } from "../model/graphology-view.js";

const views = new WeakMap<AssetRouter, Graph>();

export function graphologyOf(router: AssetRouter): Graph {
  let view = views.get(router);
  if (view === undefined) views.set(router, (view = graphologyView(routeIndexOfRouter(router, "graphologyOf").model)));
  return view;
}
