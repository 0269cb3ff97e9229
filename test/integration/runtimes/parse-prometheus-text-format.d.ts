// parse-prometheus-text-format ships no types: its default export, as its README describes it.
declare module "parse-prometheus-text-format" {
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
