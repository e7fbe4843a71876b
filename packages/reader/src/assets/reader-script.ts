/**
 * The reader's one script (served as a file: the pages' CSP runs no inline script), loaded in
 * `<head>` so a reader's chosen theme applies before the first paint. It only adds what reading
 * does not need: the theme switch (light, dark, system; kept in localStorage) and a copy button
 * on each code block. Without it the page shows the site's default theme and reads the same.
 */
export const READER_JS = `(function(){
var KEY='quire-reader-theme',root=document.documentElement,modes=['light','dark','system'];
function saved(){try{return localStorage.getItem(KEY)}catch(e){return null}}
function apply(mode){if(modes.indexOf(mode)>=0)root.setAttribute('data-theme',mode)}
apply(saved());
document.addEventListener('DOMContentLoaded',function(){
var button=document.querySelector('[data-theme-switch]');
if(button){button.hidden=false;button.addEventListener('click',function(){
var next=modes[(modes.indexOf(root.getAttribute('data-theme'))+1)%modes.length];apply(next);
try{localStorage.setItem(KEY,next)}catch(e){}button.setAttribute('aria-label','Theme: '+next+'. Switch theme');});}
if(!navigator.clipboard)return;
document.querySelectorAll('.code-block pre').forEach(function(pre){
var copy=document.createElement('button');copy.type='button';copy.className='copy-button';copy.textContent='Copy';
copy.addEventListener('click',function(){navigator.clipboard.writeText(pre.innerText).then(function(){copy.textContent='Copied';setTimeout(function(){copy.textContent='Copy'},1500)})});
pre.parentNode.appendChild(copy);});
});
})();
`;
