/**
 * Browser code of the explorer page: a searchable picker, the WAI-ARIA combobox pattern with a
 * list popup (an <input role=combobox> that owns a <ul role=listbox>, the active option named by
 * aria-activedescendant). Typing filters the options by every word (symbol, name, chain, denom:
 * whatever `search` holds); Down/Up move, Enter or a click picks, Escape closes then clears.
 * Strict pickers answer only a picked option's value; free ones (the why form, where a typo is a
 * question worth explaining) answer whatever is typed, the options being suggestions.
 */
import { el } from "./page-dom.js";

export interface PickOption {
  value: string;
  /** What the option shows first (a symbol, a chain's name). */
  label: string;
  /** What it shows after, smaller (a chain id, a shortened denom). */
  detail: string;
  /** A badge before the label (a chain's monogram), or "". */
  badge: string;
  /** Every word it is found by, lower case. */
  search: string;
}

/** At most this many options are drawn at once: registries have hundreds of assets on a chain. */
const SHOWN = 60;

let ids = 0;

export class Combobox {
  private options: readonly PickOption[] = [];
  private shown: readonly PickOption[] = [];
  private active = -1;
  private chosen: PickOption | null = null;
  /** A value set before the options arrived (a deep link): picked when they do. */
  private pending: string | null = null;
  private readonly list: HTMLUListElement;
  private readonly note: HTMLElement;
  private readonly prefix = "pick-" + ++ids + "-";

  constructor(
    readonly input: HTMLInputElement,
    private readonly settings: { free: boolean; display: (option: PickOption) => string; onPick?: (option: PickOption) => void },
  ) {
    this.list = document.getElementById(input.getAttribute("aria-controls") ?? "") as HTMLUListElement;
    this.note = el("p", { className: "combo-note" });
    this.note.setAttribute("aria-live", "polite");
    this.list.after(this.note);
    input.addEventListener("input", () => {
      this.chosen = null;
      this.pending = null;
      this.open();
    });
    input.addEventListener("keydown", (event) => this.key(event));
    input.addEventListener("blur", () => this.close());
    input.addEventListener("click", () => (this.list.hidden ? this.open() : this.close()));
    // Keep the focus in the input while the pointer picks an option.
    this.list.addEventListener("mousedown", (event) => event.preventDefault());
    this.list.addEventListener("click", (event) => {
      const item = (event.target as Element).closest("[role=option]");
      const index = item ? this.shown.findIndex((option) => this.prefix + option.value === item.getAttribute("data-key")) : -1;
      if (index >= 0) this.pick(this.shown[index]!);
    });
  }

  setOptions(options: readonly PickOption[]): void {
    this.options = options;
    if (this.pending !== null) this.set(this.pending);
    else if (this.chosen && !options.some((option) => option.value === this.chosen!.value)) this.clear();
    // Typing before the list arrived: show what matches now.
    const typing = document.activeElement === this.input && this.input.value !== "" && !this.chosen;
    if (!this.list.hidden || typing) this.open();
  }

  /** While the options load: said under the input, and the input marked busy. */
  loading(on: boolean): void {
    this.input.setAttribute("aria-busy", String(on));
    if (on) this.note.textContent = "Loading the list\u2026";
    else if (this.note.textContent === "Loading the list\u2026") this.note.textContent = "";
  }

  /** The picked option's value; a free picker's typed text. "" when nothing usable is there. */
  get value(): string {
    if (this.pending !== null) return this.pending;
    const text = this.input.value.trim();
    if (this.chosen && this.input.value === this.settings.display(this.chosen)) return this.chosen.value;
    if (this.settings.free) return text;
    // Typed exactly as an option's value or label (a chain id, a denom): that option.
    const exact = this.options.filter((option) => option.value === text || option.label.toLowerCase() === text.toLowerCase());
    return exact.length === 1 ? exact[0]!.value : "";
  }

  /** Picks the option with this value (from the URL); kept pending until the options have it. */
  set(value: string): void {
    const option = this.options.find((candidate) => candidate.value === value);
    if (option) {
      this.pending = null;
      this.chosen = option;
      this.input.value = this.settings.display(option);
    } else if (this.settings.free) {
      this.pending = null;
      this.chosen = null;
      this.input.value = value;
    } else {
      this.pending = value === "" ? null : value;
      this.chosen = null;
      this.input.value = value;
    }
  }

  clear(): void {
    this.chosen = null;
    this.pending = null;
    this.input.value = "";
  }

  private matches(): PickOption[] {
    const chosenText = this.chosen ? this.settings.display(this.chosen) : null;
    const typed = this.input.value === chosenText ? "" : this.input.value.trim().toLowerCase();
    const words = typed.split(/\s+/).filter((word) => word !== "");
    if (words.length === 0) return [...this.options];
    const found = this.options.filter((option) => words.every((word) => option.search.includes(word)));
    // Best first: the label is the word, then starts with it; otherwise the registry's order.
    const rank = (option: PickOption) => {
      const label = option.label.toLowerCase();
      return label === typed ? 0 : label.startsWith(words[0]!) ? 1 : option.value.toLowerCase() === typed ? 0 : 2;
    };
    return found.map((option, index) => ({ option, index, rank: rank(option) })).sort((a, b) => a.rank - b.rank || a.index - b.index).map((entry) => entry.option);
  }

  private open(): void {
    const found = this.matches();
    this.shown = found.slice(0, SHOWN);
    this.list.replaceChildren(...this.shown.map((option, index) => {
      const item = el("li", { id: this.prefix + index, className: "option" }, [
        ...(option.badge ? [badge(option.badge)] : []),
        el("span", { className: "label", textContent: option.label }),
        el("span", { className: "detail", textContent: option.detail }),
      ]);
      item.setAttribute("role", "option");
      item.setAttribute("aria-selected", "false");
      item.setAttribute("data-key", this.prefix + option.value);
      item.dataset["value"] = option.value;
      return item;
    }));
    const busy = this.input.getAttribute("aria-busy") === "true";
    this.note.textContent = busy ? "Loading the list\u2026" : found.length === 0 ? "Nothing matches \u201c" + this.input.value.trim() + "\u201d." : found.length > SHOWN ? SHOWN + " of " + found.length + " shown: type more to narrow." : "";
    this.list.hidden = this.shown.length === 0;
    this.input.setAttribute("aria-expanded", String(!this.list.hidden));
    this.move(this.shown.length > 0 && this.input.value !== "" ? 0 : -1);
  }

  private close(): void {
    this.list.hidden = true;
    this.note.textContent = "";
    this.input.setAttribute("aria-expanded", "false");
    this.move(-1);
  }

  private move(index: number): void {
    const items = this.list.children;
    if (this.active >= 0) items[this.active]?.setAttribute("aria-selected", "false");
    this.active = index;
    const item = index >= 0 ? items[index] : undefined;
    if (item) {
      item.setAttribute("aria-selected", "true");
      this.input.setAttribute("aria-activedescendant", item.id);
      item.scrollIntoView({ block: "nearest" });
    } else {
      this.input.removeAttribute("aria-activedescendant");
    }
  }

  private pick(option: PickOption): void {
    this.chosen = option;
    this.pending = null;
    this.input.value = this.settings.display(option);
    this.close();
    this.settings.onPick?.(option);
  }

  private key(event: KeyboardEvent): void {
    const isOpen = !this.list.hidden;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!isOpen || event.altKey) return this.open();
      const step = event.key === "ArrowDown" ? 1 : -1;
      this.move((this.active + step + this.shown.length) % this.shown.length);
    } else if (event.key === "Enter" && isOpen && this.active >= 0) {
      // Enter picks; it submits the form only once the list is closed.
      event.preventDefault();
      this.pick(this.shown[this.active]!);
    } else if (event.key === "Escape") {
      if (isOpen) this.close();
      else this.clear();
    }
  }
}

/**
 * A chain's monogram: its first letters on a colour from its name. The registry's logos are
 * remote URLs; the page loads nothing from elsewhere (docs/http.md, "The explorer page").
 */
function badge(text: string): HTMLElement {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const node = el("span", { className: "badge hue-" + (hash % 6), textContent: text });
  node.setAttribute("aria-hidden", "true");
  return node;
}

export { badge };
