/**
 * `unsafe_text` warnings: registry text holding control, bidi, invisible or non-XML characters
 * (../wire/safe-text.ts). Nothing is changed or dropped: answers' JSON carry the text as it is,
 * every other surface shows those characters escaped; the warning says where they are.
 */
import { terminalText, unsafeCharacters, visibleEscape } from "../wire/safe-text.js";
import { warningIssue, type IssueSubject, type RegistryIssue } from "./issues.js";
import type { Registry } from "./schema.js";

type Field = [name: string, value: string | undefined];

/** Prose may break lines and indent; any other text is one line. */
const PROSE_KEEPS = new Set(["\n", "\t"]);

function check(where: string, fields: readonly Field[], issues: RegistryIssue[], subject?: IssueSubject, prose: readonly string[] = []): void {
  for (const [name, value] of fields) {
    if (value === undefined) continue;
    const found = unsafeCharacters(value).filter(({ char }) => !(prose.includes(name) && PROSE_KEEPS.has(char)));
    if (found.length === 0) continue;
    const listed = found.map(({ char, kind }) => `${visibleEscape(char)} (${kind})`).join(", ");
    issues.push(
      warningIssue(
        "unsafe_text",
        `${where}.${name}`,
        `${name} "${terminalText(value)}" holds ${listed}: shown escaped on every surface, kept as is in JSON answers`,
        subject,
      ),
    );
  }
}

/** Every text field a surface may show, with its path (`assets[3].symbol`). */
export function unsafeTextIssues(registry: Registry): RegistryIssue[] {
  const issues: RegistryIssue[] = [];
  registry.chains.forEach((chain, i) => {
    const fields: Field[] = [["chain_id", chain.chain_id], ["chain_name", chain.chain_name], ["pretty_name", chain.pretty_name]];
    check(`chains[${i}]`, fields, issues, { chain_ids: [chain.chain_id] });
  });
  registry.assets.forEach((asset, i) => {
    const fields: Field[] = [
      ["chain_id", asset.chain_id],
      ["denom", asset.denom],
      ["trace", asset.trace],
      ["origin_chain_id", asset.origin_chain_id],
      ["origin_denom", asset.origin_denom],
      ["symbol", asset.symbol],
      ["recommended_symbol", asset.recommended_symbol],
      ["name", asset.name],
      ["description", asset.description],
      ["logo_uri", asset.logo_uri],
      ["coingecko_id", asset.coingecko_id],
    ];
    check(`assets[${i}]`, fields, issues, { assets: [{ chain_id: asset.chain_id, denom: asset.denom }] }, ["description"]);
  });
  registry.ibc_channels.forEach((channel, i) => {
    for (const side of ["chain_1", "chain_2"] as const) {
      const end = channel[side];
      const fields: Field[] = [["chain_id", end.chain_id], ["port_id", end.port_id], ["channel_id", end.channel_id]];
      check(`ibc_channels[${i}].${side}`, fields, issues, { chain_ids: [end.chain_id] });
    }
  });
  registry.swap_venues.forEach((venue, i) => {
    const fields: Field[] = [["name", venue.name], ["chain_id", venue.chain_id], ...venue.denoms.map((denom, j): Field => [`denoms[${j}]`, denom])];
    check(`swap_venues[${i}]`, fields, issues, { chain_ids: [venue.chain_id] });
  });
  (registry.notes ?? []).forEach((note, i) => {
    const fields: Field[] = [
      ["provider", note.provider],
      ["chain_id", note.chain_id],
      ["denom", note.denom],
      ["counterparty_chain_id", note.counterparty_chain_id],
      ["counterparty_denom", note.counterparty_denom],
    ];
    check(`notes[${i}]`, fields, issues);
  });
  return issues;
}
