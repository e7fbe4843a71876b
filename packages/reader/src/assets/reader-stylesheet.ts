/**
 * The reader's one stylesheet, served by the server under a name holding its hash (cached for a
 * year). Light, dark and system themes from variables (`data-theme` on `<html>`; the site's
 * colours and fonts come in the page's own `<style>`, `theme-style.ts`); three columns on a
 * wide screen, one on a phone with the page tree behind the menu button; nothing wider than the
 * screen (tables and code scroll inside their own box).
 */
import { BLOCKS_CSS } from '../document/blocks-stylesheet';

export const READER_CSS = `
:root{--primary:#346ddb;--bg:#fff;--fg:#1d2024;--muted:#56606b;--line:#e3e6ea;--soft:#f5f6f8;--code-bg:#f6f8fa;
--info:#346ddb;--success:#1f883d;--warning:#9a6700;--danger:#cf222e;
--link:color-mix(in srgb,var(--primary) 78%,#000);--accent-bg:color-mix(in srgb,var(--primary) 10%,var(--bg));
--font:system-ui,sans-serif;--heading-font:var(--font);--mono:ui-monospace,monospace;--radius:8px;color-scheme:light}
[data-theme=dark]{--bg:#14161a;--fg:#e6e8eb;--muted:#a3abb5;--line:#2c3138;--soft:#1c1f24;--code-bg:#1c1f24;
--link:color-mix(in srgb,var(--primary) 55%,#fff);--accent-bg:color-mix(in srgb,var(--primary) 22%,var(--bg));color-scheme:dark}
@media (prefers-color-scheme:dark){[data-theme=system]{--bg:#14161a;--fg:#e6e8eb;--muted:#a3abb5;--line:#2c3138;--soft:#1c1f24;--code-bg:#1c1f24;
--link:color-mix(in srgb,var(--primary) 55%,#fff);--accent-bg:color-mix(in srgb,var(--primary) 22%,var(--bg));color-scheme:dark}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.65 var(--font);overflow-wrap:anywhere}
a{color:var(--link)}
a:focus-visible,summary:focus-visible,button:focus-visible,input:focus-visible+label,[tabindex]:focus-visible{outline:2px solid var(--link);outline-offset:2px}
img{max-width:100%;height:auto}
h1,h2,h3,h4{font-family:var(--heading-font);line-height:1.3;margin:1.8em 0 .6em}
h1{font-size:2rem;margin-top:.2em}h2{font-size:1.5rem}h3{font-size:1.25rem}h4{font-size:1.05rem}
code,kbd,pre{font-family:var(--mono);font-size:.9em}
:not(pre)>code{background:var(--code-bg);border:1px solid var(--line);border-radius:4px;padding:.05em .3em}
kbd{border:1px solid var(--line);border-bottom-width:2px;border-radius:4px;padding:0 .3em}
hr{border:0;border-top:1px solid var(--line);margin:2em 0}
blockquote{margin:1em 0;padding:.2em 1em;border-left:3px solid var(--line);color:var(--muted)}
.visually-hidden,.nav-toggle,.tab-radio{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.skip-link{position:absolute;left:-999px}.skip-link:focus{left:8px;top:8px;z-index:10;background:var(--bg);padding:4px 8px}
.dark-only{display:none}
[data-theme=dark] .light-only{display:none}[data-theme=dark] .dark-only{display:initial}
@media (prefers-color-scheme:dark){[data-theme=system] .light-only{display:none}[data-theme=system] .dark-only{display:initial}}
.announcement{padding:.5em 1em;text-align:center;background:var(--accent-bg)}
.site-header{position:sticky;top:0;z-index:5;display:flex;align-items:center;gap:1rem;padding:.6rem 1.25rem;background:var(--bg);border-bottom:1px solid var(--line);flex-wrap:wrap}
.site-title{font-weight:650;font-size:1.1rem;color:var(--fg);text-decoration:none;display:flex;align-items:center;min-width:0}
.logo{max-height:32px;width:auto}
.site-header ul{list-style:none;margin:0;padding:0;display:flex;gap:.9rem;flex-wrap:wrap}
.sections a,.header-links a{color:var(--fg);text-decoration:none}
.sections a[aria-current],.sections .current{color:var(--link);font-weight:600}
.header-links{margin-left:auto}
.site-header details{position:relative}.site-header details ul{position:absolute;display:block;background:var(--bg);border:1px solid var(--line);border-radius:var(--radius);padding:.5em .9em;min-width:12em;z-index:6}
summary{cursor:pointer}
.search{position:relative}
.search input{font:inherit;color:var(--fg);background:var(--soft);border:1px solid var(--line);border-radius:var(--radius);padding:.3em .7em;width:12rem;max-width:100%}
.search-suggestions{position:absolute;right:0;top:calc(100% + .3rem);z-index:7;width:min(26rem,calc(100vw - 2rem));max-height:70vh;overflow:auto;margin:0;padding:.3rem;list-style:none;background:var(--bg);border:1px solid var(--line);border-radius:var(--radius);box-shadow:0 6px 24px rgb(0 0 0/.15)}
.search-suggestions [role=option]{display:block;padding:.35rem .6rem;border-radius:calc(var(--radius) - 2px);cursor:pointer}
.search-suggestions [aria-selected=true],.search-suggestions [role=option]:hover{background:var(--accent-bg);color:var(--link)}
.search-page{font-weight:600}.search-section{padding-left:1.4rem!important;font-size:.92rem}
.search-excerpt{display:block;color:var(--muted);font-size:.85rem;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.search-all{border-top:1px solid var(--line);margin-top:.2rem;color:var(--muted)}
.ask{display:flex;gap:.3rem;position:relative}.ask-questions{position:absolute;right:0;top:calc(100% + .3rem);z-index:7;width:min(24rem,calc(100vw - 2rem));margin:0;padding:.3rem;list-style:none;background:var(--bg);border:1px solid var(--line);border-radius:var(--radius);box-shadow:0 6px 24px rgb(0 0 0/.15)}.site-header .ask-questions{display:block}.site-header .ask-questions[hidden]{display:none}.ask-questions li{margin:0}.ask-questions a{display:block;padding:.35rem .6rem;border-radius:calc(var(--radius) - 2px);text-decoration:none}.ask-questions a:hover,.ask-questions a:focus{background:var(--accent-bg)}.ask input{font:inherit;color:var(--fg);background:var(--soft);border:1px solid var(--line);border-radius:var(--radius);padding:.3em .7em;width:12rem;max-width:100%}.ask button{font:inherit;border:1px solid var(--line);border-radius:var(--radius);background:var(--bg);color:var(--fg);padding:.3em .7em;cursor:pointer}
.answer-text{white-space:pre-wrap}.ask-live{border:1px solid var(--line);border-radius:var(--radius);padding:.2rem 1rem;margin:0 0 1.5rem}.citation{font-size:.8em;vertical-align:super;text-decoration:none}
.page-header{position:relative}
.page-cover{margin:0 0 1.5rem;border-radius:var(--radius);overflow:hidden}
.page-cover img{display:block;width:100%;height:100%;object-fit:cover}
.page-icon .fa-icon{height:.85em;margin:0 .35em 0 0;vertical-align:-.05em}
.page-actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:.2rem 0 .8rem}
.page-action,.feedback-rating{font:inherit;font-size:.85rem;color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:var(--radius);padding:.2em .7em;cursor:pointer;text-decoration:none}
.page-action:hover,.feedback-rating:hover{border-color:var(--primary)}
.page-feedback{margin-top:2.5rem;padding:1rem 0;border-top:1px solid var(--line)}
.feedback-question{font-weight:600;margin:0 0 .5rem}
.feedback-ratings{display:flex;flex-wrap:wrap;gap:.5rem}
.feedback-rating[aria-pressed=true]{background:var(--accent-bg);border-color:var(--primary);color:var(--link);font-weight:600}
.feedback-more{display:flex;flex-direction:column;gap:.4rem;margin-top:.8rem;max-width:32rem}.feedback-more[hidden]{display:none}
.feedback-more textarea{font:inherit;color:var(--fg);background:var(--soft);border:1px solid var(--line);border-radius:var(--radius);padding:.4em .6em}
.feedback-more .button{align-self:flex-start;cursor:pointer;font:inherit}
.feedback-status{margin:.5rem 0 0;color:var(--muted)}.feedback-status:empty{display:none}
.theme-switch{font:inherit;background:none;color:var(--fg);border:1px solid var(--line);border-radius:var(--radius);padding:.15em .5em;cursor:pointer}
.nav-toggle-label{display:none;cursor:pointer;font-size:1.3rem}
.layout{display:grid;grid-template-columns:minmax(14rem,18rem) minmax(0,1fr) minmax(10rem,15rem);gap:2.5rem;max-width:90rem;margin:0 auto;padding:0 1.25rem}
.sidebar{position:sticky;top:3.6rem;align-self:start;max-height:calc(100vh - 3.6rem);overflow:auto;padding:1.2rem 0;font-size:.94rem}
.sidebar ul{list-style:none;margin:0;padding:0}.sidebar ul ul{padding-left:.9rem;border-left:1px solid var(--line);margin-left:.35rem}
.sidebar a{display:block;padding:.22rem .5rem;border-radius:var(--radius);color:var(--fg);text-decoration:none}
.sidebar a:hover{background:var(--soft)}
.sidebar a[aria-current=page]{background:var(--accent-bg);color:var(--link);font-weight:600}
.tree-group-title{display:block;margin:1rem 0 .3rem .5rem;font-size:.78rem;font-weight:700;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
.sidebar .tree-group>ul{border:0;padding:0;margin:0}
.has-children>a::after{content:"›";float:right;color:var(--muted)}.has-children.open>a::after{transform:rotate(90deg)}
.variants{margin-bottom:1rem;border:1px solid var(--line);border-radius:var(--radius);padding:.3rem .6rem}
.variants ul{margin-top:.3rem}
.content{min-width:0;padding:1.5rem 0 3rem}
.outline{position:sticky;top:3.6rem;align-self:start;padding:1.5rem 0;font-size:.88rem}
.outline ul{list-style:none;margin:0;padding:0}.outline a{color:var(--muted);text-decoration:none;display:block;padding:.15rem 0}
.outline a:hover{color:var(--link)}.outline .level-2{padding-left:.8rem}.outline .level-3{padding-left:1.6rem}
.outline-title{font-weight:650;margin:0 0 .4rem}
.breadcrumbs ol{list-style:none;display:flex;flex-wrap:wrap;gap:.4rem;margin:0 0 .5rem;padding:0;font-size:.88rem}
.breadcrumbs li+li::before{content:"/";margin-right:.4rem;color:var(--muted)}
.page-description{font-size:1.15rem;color:var(--muted);margin-top:-.2em}
.page-emoji{margin-right:.35em}
.anchor{margin-left:.35em;text-decoration:none;color:var(--muted);opacity:0}h2:hover .anchor,h3:hover .anchor,h4:hover .anchor,.anchor:focus{opacity:1}
.align-center{text-align:center}.align-end{text-align:right}
.last-updated{color:var(--muted);font-size:.88rem;margin-top:3rem}
.pagination{display:grid;grid-template-columns:1fr 1fr;gap:1rem;margin-top:1.5rem}
.pagination a{display:flex;flex-direction:column;border:1px solid var(--line);border-radius:var(--radius);padding:.7rem 1rem;text-decoration:none}
.pagination .next{text-align:right;grid-column:2}
.pagination-label{font-size:.8rem;color:var(--muted)}
.site-footer{border-top:1px solid var(--line);margin-top:2rem;padding:2rem 1.25rem;color:var(--muted);font-size:.9rem}
.footer-groups{display:flex;flex-wrap:wrap;gap:2.5rem;max-width:90rem;margin:0 auto 1.5rem}
.footer-groups h2{font-size:.9rem;margin:0 0 .5rem;color:var(--fg)}.footer-groups ul,.socials{list-style:none;margin:0;padding:0}
.footer-line{display:flex;flex-wrap:wrap;gap:1.2rem;max-width:90rem;margin:0 auto;align-items:center}
.socials{display:flex;gap:.8rem}
.hint{display:flex;gap:.7rem;border-radius:var(--radius);padding:.8rem 1rem;margin:1rem 0;border-left:4px solid var(--info);background:color-mix(in srgb,var(--info) 9%,var(--bg))}
.hint-success{border-color:var(--success);background:color-mix(in srgb,var(--success) 9%,var(--bg))}
.hint-warning{border-color:var(--warning);background:color-mix(in srgb,var(--warning) 10%,var(--bg))}
.hint-danger{border-color:var(--danger);background:color-mix(in srgb,var(--danger) 9%,var(--bg))}
.hint-body>:first-child{margin-top:0}.hint-body>:last-child{margin-bottom:0}
.code-block{margin:1rem 0;border:1px solid var(--line);border-radius:var(--radius);background:var(--bg);overflow:hidden;position:relative}
.code-title{padding:.4rem .9rem;border-bottom:1px solid var(--line);font-size:.85rem;font-family:var(--mono)}
.code-block pre{margin:0;padding:.8rem 0;overflow-x:auto;line-height:1.55}
.code-block code{display:block;min-width:max-content;counter-reset:line}
.code-block.wrap code{min-width:0;white-space:pre-wrap}
.code-block .line{display:block;min-height:1.55em;padding:0 1rem}
.code-block .line.highlighted{background:color-mix(in srgb,var(--primary) 14%,transparent)}
.code-block.numbered .line::before{counter-increment:line;content:counter(line);display:inline-block;width:2.2em;margin-right:1em;text-align:right;color:var(--muted);user-select:none}
.code-block span[style]{color:var(--l)}
[data-theme=dark] .code-block span[style]{color:var(--d,var(--l))}
@media (prefers-color-scheme:dark){[data-theme=system] .code-block span[style]{color:var(--d,var(--l))}}
.copy-button{position:absolute;top:.35rem;right:.35rem;font:inherit;font-size:.78rem;background:var(--bg);color:var(--fg);border:1px solid var(--line);border-radius:var(--radius);padding:.1em .5em;cursor:pointer}
.math-block{margin:1rem 0;padding:.6rem 1rem;overflow-x:auto;text-align:center}
.figure{margin:1.2rem 0;text-align:center}.figure figcaption{color:var(--muted);font-size:.9rem}.figure figcaption p{margin:.3em 0}
.images{display:flex;flex-wrap:wrap;gap:1rem;justify-content:center}.images.align-left{justify-content:flex-start}.images.align-right{justify-content:flex-end}
.images.framed .figure{border:1px solid var(--line);border-radius:var(--radius);padding:.5rem}
.inline-image{vertical-align:middle}.inline-image.line{height:1.2em;width:auto}
.tabs{display:flex;flex-wrap:wrap;margin:1rem 0;border:1px solid var(--line);border-radius:var(--radius)}
.tab-label{order:0;padding:.45rem .9rem;cursor:pointer;border-bottom:2px solid transparent;color:var(--muted)}
.tab-panel{order:1;width:100%;display:none;padding:.2rem 1rem;border-top:1px solid var(--line)}
.tab-radio:checked+.tab-label{color:var(--fg);border-bottom-color:var(--primary);font-weight:600}
.tab-radio:checked+.tab-label+.tab-panel{display:block}
.expandable{margin:1rem 0;border:1px solid var(--line);border-radius:var(--radius);padding:.5rem 1rem}
.expandable summary{font-weight:600}.expandable-body{padding-top:.3rem}
.stepper{list-style:none;counter-reset:step;padding:0;margin:1rem 0}
.step{counter-increment:step;position:relative;padding-left:2.6rem;padding-bottom:.5rem;border-left:1px solid var(--line);margin-left:.9rem}
.step::before{content:counter(step);position:absolute;left:-.95rem;top:0;width:1.9rem;height:1.9rem;border-radius:50%;background:var(--accent-bg);color:var(--link);display:grid;place-items:center;font-weight:650}
.step>:first-child{margin-top:0}
.columns{display:flex;flex-wrap:wrap;gap:1.5rem;margin:1rem 0}.column{flex:1 1 14rem;min-width:0}
.valign-middle{align-self:center}.valign-bottom{align-self:flex-end}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:1rem;margin:1rem 0}.cards-large{grid-template-columns:repeat(auto-fill,minmax(20rem,1fr))}
.card{display:block;border:1px solid var(--line);border-radius:var(--radius);overflow:hidden;color:var(--fg);text-decoration:none}
a.card:hover{border-color:var(--primary)}.card-cover{width:100%;aspect-ratio:16/9;object-fit:cover;display:block}
.card-body{padding:.7rem 1rem}.card-body p{margin:.2em 0}
.content-ref,.embed,.file{display:flex;justify-content:space-between;gap:1rem;align-items:center;border:1px solid var(--line);border-radius:var(--radius);padding:.7rem 1rem;margin:1rem 0;text-decoration:none;color:var(--fg)}
.content-ref:hover,.embed:hover,.file:hover{border-color:var(--primary)}
.embed{flex-direction:column;align-items:flex-start;gap:.1rem}.embed-host{font-weight:600}.embed-url,.file-size{color:var(--muted);font-size:.85rem}
.table-wrap{overflow-x:auto;margin:1rem 0}
table{border-collapse:collapse;width:100%;font-size:.95rem}th,td{border:1px solid var(--line);padding:.45rem .7rem;text-align:left;vertical-align:top}
th{background:var(--soft)}td.align-center{text-align:center}td.align-right{text-align:right}td p{margin:0}
ul.tasks{list-style:none;padding-left:.3rem}.task{display:flex;gap:.5rem}.task-box{flex:none;width:1.1em;height:1.1em;margin-top:.3em;border:1px solid var(--muted);border-radius:3px;display:grid;place-items:center;font-size:.8em}
.task>:not(.task-box){margin:0}
li>p{margin:.2em 0}
.button{display:inline-block;border-radius:var(--radius);padding:.3em .9em;text-decoration:none;border:1px solid var(--primary);font-weight:600}
.button.primary{background:var(--primary);color:#fff;border-color:var(--primary)}
.button.secondary{color:var(--link)}
.icon{display:inline-block;width:.7em;height:.7em;border-radius:2px;background:currentColor;opacity:.55;margin:0 .25em;vertical-align:middle}
.hint-icon{display:none}
.annotation{border-bottom:1px dotted var(--muted);position:relative;cursor:help}
.annotation-note{display:none;position:absolute;left:0;top:1.6em;z-index:4;width:max-content;max-width:18rem;background:var(--bg);border:1px solid var(--line);border-radius:var(--radius);padding:.4rem .6rem;font-size:.88rem}
.annotation:hover .annotation-note,.annotation:focus .annotation-note{display:block}
.mention{font-weight:600}.broken-link{text-decoration:underline dotted}
.color-green{color:#1a7f37}.color-blue{color:#0969da}.color-red{color:#cf222e}.color-orange{color:#bc4c00}.color-yellow{color:#9a6700}
.color-purple{color:#8250df}.color-pink{color:#bf3989}.color-violet{color:#6f42c1}.color-cyan{color:#0b7285}.color-primary{color:var(--link)}
.color-info{color:var(--info)}.color-success{color:var(--success)}.color-warning{color:var(--warning)}.color-danger{color:var(--danger)}.color-tint{color:var(--muted)}
[class*=bg-]{border-radius:3px;padding:0 .15em}.bg-green{background:#dafbe1}.bg-blue{background:#ddf4ff}.bg-red{background:#ffebe9}.bg-orange{background:#fff1e5}.bg-yellow{background:#fff8c5}
.bg-purple,.bg-violet{background:#fbefff}.bg-pink{background:#ffeff7}.bg-cyan{background:#dff6f8}.bg-primary,.bg-info{background:var(--accent-bg)}.bg-success{background:#dafbe1}.bg-warning{background:#fff8c5}.bg-danger{background:#ffebe9}.bg-tint{background:var(--soft)}
[data-theme=dark] [class*=bg-]{color:#1d2024}
[data-theme=dark] .color-green{color:#3fb950}[data-theme=dark] .color-blue{color:#58a6ff}[data-theme=dark] .color-red{color:#ff7b72}[data-theme=dark] .color-orange{color:#ffa657}[data-theme=dark] .color-yellow{color:#d29922}[data-theme=dark] .color-purple,[data-theme=dark] .color-violet{color:#d2a8ff}[data-theme=dark] .color-pink{color:#ff9bce}[data-theme=dark] .color-cyan{color:#56d4dd}
@media (prefers-color-scheme:dark){[data-theme=system] .color-green{color:#3fb950}[data-theme=system] .color-blue{color:#58a6ff}[data-theme=system] .color-red{color:#ff7b72}[data-theme=system] .color-orange{color:#ffa657}[data-theme=system] .color-yellow{color:#d29922}[data-theme=system] .color-purple,[data-theme=system] .color-violet{color:#d2a8ff}[data-theme=system] .color-pink{color:#ff9bce}[data-theme=system] .color-cyan{color:#56d4dd}}
.updates{margin:1rem 0}.update{border-left:2px solid var(--line);padding-left:1rem;margin-bottom:1.5rem}
.update time{font-weight:650}.update-tags{list-style:none;display:flex;gap:.4rem;padding:0;margin:.2rem 0}.update-tags li{font-size:.8rem;border:1px solid var(--line);border-radius:999px;padding:0 .5rem}
.openapi-operation,.openapi-schemas{border:1px solid var(--line);border-radius:var(--radius);padding:.7rem 1rem;margin:1rem 0}
.openapi-head{display:flex;gap:.7rem;align-items:center;flex-wrap:wrap}.openapi-summary{font-weight:600}
.method{font-family:var(--mono);font-weight:700;font-size:.8rem;border-radius:4px;padding:.1em .45em;background:var(--soft);color:var(--fg)}
.method-get{background:#ddf4ff;color:#0a3069}.method-post{background:#dafbe1;color:#0f5323}.method-put,.method-patch{background:#fff1e5;color:#762c00}.method-delete{background:#ffebe9;color:#82071e}
.required{color:var(--danger);font-size:.8rem}
.integration,.prompt{border:1px dashed var(--line);border-radius:var(--radius);padding:.6rem 1rem;margin:1rem 0}
.not-found .search-large{display:flex;gap:.5rem;margin:1.5rem 0}.not-found .search-large input{flex:1;font:inherit;padding:.4em .8em;border:1px solid var(--line);border-radius:var(--radius);background:var(--soft);color:var(--fg)}
.search-results{list-style:none;padding:0}.search-results li{margin:1rem 0}.search-results p{margin:.2rem 0;color:var(--muted)}.search-results mark{background:none;color:var(--fg);font-weight:600}
@media (max-width:1100px){.layout{grid-template-columns:minmax(13rem,16rem) minmax(0,1fr)}.outline{display:none}}
@media (max-width:760px){
.layout{display:block;padding:0 1rem}
.site-header{gap:.6rem;padding:.5rem 1rem}
.nav-toggle-label{display:block}
.header-links,.sections{order:5;width:100%;margin:0;overflow-x:auto}
.search{order:4;flex:1;min-width:8rem}.search input{width:100%}
.ask{position:static}.ask-questions{left:1rem;right:1rem;top:100%;width:auto}
.sidebar{display:none;position:static;max-height:none;border-bottom:1px solid var(--line)}
body:has(.nav-toggle:checked) .sidebar{display:block}
h1{font-size:1.6rem}
.pagination{grid-template-columns:1fr}.pagination .next{grid-column:1}
}
@media print{.site-header,.sidebar,.outline,.pagination,.site-footer{display:none}.layout{display:block}}
${BLOCKS_CSS}`;
