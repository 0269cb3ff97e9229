/** The explorer page's style sheet (./page.css, served at /explorer/app.css): system fonts, no external asset. */
import css from "./page.css?raw";

export const PAGE_CSS: string = css;
