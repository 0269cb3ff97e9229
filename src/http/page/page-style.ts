/** The explorer page's style sheet (served at /explorer/app.css): system fonts, no external asset. */
export const PAGE_CSS = `
:root { color-scheme: light dark; --line: #8884; --accent: #2563eb; --bad: #b91c1c; --good: #15803d; }
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 0 1rem 4rem; }
h1 { font-size: 1.5rem; margin-bottom: 0.2rem; }
h2 { font-size: 1.2rem; border-bottom: 1px solid var(--line); padding-bottom: 0.2rem; margin-top: 2rem; }
section { margin-bottom: 1rem; }
.fields { display: grid; grid-template-columns: max-content minmax(12rem, 32rem); gap: 0.4rem 0.8rem; align-items: center; }
fieldset { border: 1px solid var(--line); margin: 0.6rem 0; display: flex; flex-wrap: wrap; gap: 0.3rem 1.2rem; }
select, input, button { font: inherit; }
button { cursor: pointer; }
table { border-collapse: collapse; margin-top: 0.8rem; width: 100%; }
caption { text-align: left; font-weight: 600; padding: 0.3rem 0; }
th, td { border-bottom: 1px solid var(--line); padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
td.denom, code { font-family: ui-monospace, monospace; font-size: 0.85em; word-break: break-all; }
.error { color: var(--bad); white-space: pre-wrap; }
.verdict-yes, .verdict-no { overflow-wrap: anywhere; }
.verdict-yes { color: var(--good); font-weight: 600; }
.verdict-no { color: var(--bad); font-weight: 600; }
#why-reasons li { margin-bottom: 0.5rem; }
.suggestions button { margin: 0.2rem 0.3rem 0 0; }
figure.route { margin: 1rem 0; overflow-x: auto; }
figure.route figcaption { font-weight: 600; margin-bottom: 0.3rem; overflow-wrap: anywhere; }
figure.route svg { display: block; }
figure.route .box { fill: #2563eb18; stroke: var(--accent); }
figure.route .chain { font-weight: 700; }
figure.route text { fill: currentColor; font-size: 12px; }
figure.route .arrow { stroke: currentColor; stroke-width: 1.5; }
figure.route .tx { fill: var(--bad); font-size: 11px; }
figure.route ol { font-size: 0.9em; }
figure.route .arrow.broken { stroke: var(--bad); stroke-dasharray: 6 4; }
figure.route .hop.broken .via { fill: var(--bad); font-weight: 600; }
#why-pictures textarea { display: block; width: 100%; font-family: ui-monospace, monospace; font-size: 0.8em; margin-bottom: 0.5rem; }
#why-pictures img { max-width: 100%; background: #fff; }
`;
