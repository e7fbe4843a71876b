/**
 * The styles of the blocks drawn from data at render time (issue 29, item 2): OpenAPI
 * operations and schemas read from the spec, formulas typeset to SVG, icons as SVG, emoji in an
 * emoji font. Appended to the reader's one stylesheet (`assets/reader-stylesheet.ts`); the
 * colours come from its variables, so both themes hold. Block CSS lives beside its blocks.
 */
export const BLOCKS_CSS = `
.openapi-deprecated{font-size:.75rem;border:1px solid var(--warning);color:var(--warning);border-radius:999px;padding:0 .5em}
.openapi-title{font-weight:600}.openapi-description{margin:.4rem 0}
.openapi-body,.openapi-response,.openapi-schema-item{border-top:1px solid var(--line);padding:.35rem 0}
.openapi-body>summary,.openapi-response>summary,.openapi-schema-item>summary{cursor:pointer;font-weight:600}
.openapi-response>summary{font-weight:400}
.status{font-weight:700}.status-2{color:var(--success)}.status-3{color:var(--info)}.status-4{color:var(--warning)}.status-5{color:var(--danger)}
.openapi-schema{list-style:none;padding-left:1rem;margin:.3rem 0;border-left:1px solid var(--line)}
.openapi-schema>li{margin:.3rem 0}
.openapi-type{color:var(--muted);font-family:var(--mono);font-size:.82rem}
.openapi-property-description,.openapi-values{color:var(--muted);font-size:.9rem}
.openapi-content-type{margin:.3rem 0}
.openapi-example{margin:.5rem 0}.openapi-example figcaption{font-size:.8rem;color:var(--muted)}
.openapi-example pre{background:var(--code-bg);border:1px solid var(--line);border-radius:var(--radius);padding:.6rem .8rem;overflow-x:auto;max-height:24rem;margin:.2rem 0}
.math-svg{display:inline-block;vertical-align:middle;max-width:100%;overflow:visible;fill:currentColor}
.math-inline .math-svg{height:1.15em}
.math-block .math-svg{height:auto}
.math-block{overflow-x:auto}
.fa-icon{display:inline-block;height:1em;width:auto;vertical-align:-.125em;fill:currentColor;margin:0 .2em}
.hint .hint-icon{display:block;flex:none;line-height:1.65}.hint .hint-icon .fa-icon{margin:0;height:1.05em}
.hint-info .hint-icon{color:var(--info)}.hint-warning .hint-icon{color:var(--warning)}.hint-danger .hint-icon{color:var(--danger)}.hint-success .hint-icon{color:var(--success)}
.tab-label .fa-icon,.button .fa-icon{margin:0 .35em 0 0}
.emoji,.page-emoji{font-family:"Apple Color Emoji","Segoe UI Emoji","Noto Color Emoji","Twemoji Mozilla","Segoe UI Symbol",sans-serif;font-style:normal}
`;
