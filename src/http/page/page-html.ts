/**
 * The explorer page (GET /): plain HTML whose script and style are served beside it by this same
 * handler, so the page works offline on loopback with nothing to build and nothing fetched from
 * elsewhere. Every answer it shows comes from the JSON endpoints.
 */
export const PAGE_PATHS = { page: "/", script: "/explorer/app.js", style: "/explorer/app.css" } as const;

/** One checkbox per flag; `checked` lists the flags whose default is true for that request. */
const filters = (form: string, names: readonly string[], checked: readonly string[] = []) =>
  names
    .map((name) => {
      const on = checked.includes(name) ? " checked" : "";
      return `<label><input type="checkbox" name="${name}" id="${form}-${name}"${on}> <code>${name}</code></label>`;
    })
    .join("\n        ");

export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>fungible-graph explorer</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="${PAGE_PATHS.style}">
  <script type="module" src="${PAGE_PATHS.script}"></script>
</head>
<body>
<header>
  <h1>fungible-graph explorer</h1>
  <p>Which tokens can move between chains, by which route, and why not. <span id="summary"></span></p>
  <p id="load-error" class="error" role="alert" hidden></p>
</header>
<main>
  <datalist id="chain-ids"></datalist>

  <section aria-labelledby="reach-heading">
    <h2 id="reach-heading">From one asset</h2>
    <form id="reach-form">
      <div class="fields">
        <label for="reach-chain">Source chain</label>
        <select id="reach-chain" name="chain" required></select>
        <label for="reach-asset">Source asset</label>
        <select id="reach-asset" name="asset" required></select>
      </div>
      <fieldset>
        <legend>Filters</legend>
        ${filters("reach", ["allow_multi_tx", "include_cw20_assets", "native_only", "include_swaps"])}
      </fieldset>
      <button type="submit">Show reachable assets</button>
    </form>
    <p id="reach-error" class="error" role="alert" hidden></p>
    <table id="reach-table" hidden>
      <caption id="reach-caption"></caption>
      <thead><tr><th scope="col">Chain</th><th scope="col">Symbol</th><th scope="col">Denom</th><th scope="col">Trace</th><th scope="col">Origin</th><th scope="col">Route</th></tr></thead>
      <tbody></tbody>
    </table>
  </section>

  <section aria-labelledby="between-heading">
    <h2 id="between-heading">Between two chains</h2>
    <form id="between-form">
      <div class="fields">
        <label for="between-source">Source chain</label>
        <select id="between-source" name="source" required></select>
        <label for="between-dest">Destination chain</label>
        <select id="between-dest" name="dest" required></select>
      </div>
      <fieldset>
        <legend>Filters</legend>
        ${filters("between", ["allow_multi_tx", "include_cw20_assets", "include_evm_assets", "include_no_metadata_assets"])}
      </fieldset>
      <button type="submit">Show movable assets</button>
    </form>
    <p id="between-error" class="error" role="alert" hidden></p>
    <table id="between-table" hidden>
      <caption id="between-caption"></caption>
      <thead><tr><th scope="col">Source symbol</th><th scope="col">Source denom</th><th scope="col">Destination symbol</th><th scope="col">Destination denom</th><th scope="col">Transactions</th><th scope="col">Bridges</th><th scope="col">Route</th></tr></thead>
      <tbody></tbody>
    </table>
  </section>

  <section aria-labelledby="route-heading">
    <h2 id="route-heading">Route</h2>
    <p id="route-hint">Pick <em>Route</em> in a table above to draw the chosen route, hop by hop.</p>
    <p id="route-error" class="error" role="alert" hidden></p>
    <div id="route-view"></div>
  </section>

  <section aria-labelledby="why-heading">
    <h2 id="why-heading">Why can't it go?</h2>
    <form id="why-form">
      <div class="fields">
        <label for="why-source-chain">Source chain</label>
        <input id="why-source-chain" name="source_asset_chain_id" list="chain-ids" required autocomplete="off">
        <label for="why-source-denom">Source denom</label>
        <input id="why-source-denom" name="source_asset_denom" list="why-source-denoms" required autocomplete="off">
        <datalist id="why-source-denoms"></datalist>
        <label for="why-dest-chain">Destination chain</label>
        <input id="why-dest-chain" name="dest_chain_id" list="chain-ids" required autocomplete="off">
        <label for="why-dest-denom">Destination denom (optional)</label>
        <input id="why-dest-denom" name="dest_asset_denom" list="why-dest-denoms" autocomplete="off">
        <datalist id="why-dest-denoms"></datalist>
        <label for="why-recommendation_reason">Recommendation reason</label>
        <select id="why-recommendation_reason" name="recommendation_reason">
          <option value="">any (UNKNOWN)</option><option>MOST_LIQUID</option><option>BASE_TOKEN</option><option>DIRECT</option>
        </select>
      </div>
      <fieldset>
        <legend>Filters</legend>
        ${filters("why", ["allow_multi_tx", "include_cw20_assets", "include_evm_assets", "include_no_metadata_assets", "native_only", "include_swaps"], ["include_evm_assets", "include_no_metadata_assets"])}
      </fieldset>
      <button type="submit">Explain</button>
    </form>
    <p id="why-error" class="error" role="alert" hidden></p>
    <div id="why-result" aria-live="polite" aria-busy="false">
      <p id="why-verdict"></p>
      <ul id="why-reasons"></ul>
      <div id="why-routes"></div>
      <div id="why-paths"></div>
      <details id="why-pictures" hidden>
        <summary>Copy as Mermaid, DOT or SVG</summary>
        <p>The same answer drawn by the service (<code>/v2/fungible/explain?format=mermaid|dot|svg</code>).</p>
        <label for="why-mermaid">Mermaid</label>
        <textarea id="why-mermaid" readonly rows="6"></textarea>
        <label for="why-dot">DOT (Graphviz)</label>
        <textarea id="why-dot" readonly rows="6"></textarea>
        <label for="why-svg">SVG</label>
        <textarea id="why-svg" readonly rows="4"></textarea>
        <img id="why-svg-image" alt="The answer drawn by Graphviz">
      </details>
    </div>
  </section>
</main>
</body>
</html>
`;
