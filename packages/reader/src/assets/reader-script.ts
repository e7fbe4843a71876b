/**
 * The reader's one script (served as a file: the pages' CSP runs no inline script), loaded in
 * `<head>` so a reader's chosen theme applies before the first paint. It only adds what reading
 * does not need, each part a plain DOM function that does nothing when its markup is absent:
 *
 * - the theme switch (light, dark, system; kept in localStorage) and a copy button on each code block;
 * - the search box's suggestions: its input becomes a combobox over a listbox (WAI-ARIA's
 *   combobox pattern: arrow keys move the active option, Enter opens it, Escape closes the list,
 *   `/` or Ctrl-K anywhere focuses the box), filled from `data-suggestions` (JSON) as the reader
 *   types; Enter with no option chosen submits the form to the search page, as without script;
 * - the Ask box's answer streamed into the page (`data-ask-stream`, server-sent events read from
 *   the response's body): shown as text as it arrives, then its `[k]` markers and sources as
 *   links (same-site paths only); an error in words; a second question aborts the first;
 *   opened empty, the box lists the site's recommended questions (fetched from the same address
 *   without a question, once, on its first focus), each a link that asks it;
 * - "Copy page" (the page's markdown, fetched from the page's `.md`, to the clipboard);
 * - the page's events, posted to `<body data-events>`: one `page_view` per page shown (after a
 *   prerender is shown, never for it; on the not-found page, which has no `data-page`, with the
 *   path asked for), the feedback's rating, then its optional comment.
 *
 * Without it the page shows the site's default theme, the search form sends to the search page,
 * the Ask box to the answer page,
 * "View as markdown" is a link, and nothing is sent.
 */
export const READER_JS = `(function(){
var KEY='quire-reader-theme',root=document.documentElement,modes=['light','dark','system'];
function saved(){try{return localStorage.getItem(KEY)}catch(e){return null}}
function apply(mode){if(modes.indexOf(mode)>=0)root.setAttribute('data-theme',mode)}
function all(selector,scope){return Array.prototype.slice.call((scope||document).querySelectorAll(selector))}
function later(button,text,back){button.textContent=text;setTimeout(function(){button.textContent=back},1500)}
apply(saved());
var events,page,viewed;
function send(event){
if(!events)return Promise.resolve(false);event.page=page;
return fetch(events,{method:'POST',credentials:'same-origin',headers:{'content-type':'application/json'},body:JSON.stringify(event)})
.then(function(answer){return answer.text().then(function(){return answer.ok})}).catch(function(){return false})}
function view(){
if(document.prerendering){document.addEventListener('prerenderingchange',view,{once:true});return}
if(!viewed){viewed=1;send(page?{type:'page_view'}:{type:'page_view',path:location.pathname})}}
function theme(){
var button=document.querySelector('[data-theme-switch]');
if(!button)return;button.hidden=false;button.addEventListener('click',function(){
var next=modes[(modes.indexOf(root.getAttribute('data-theme'))+1)%modes.length];apply(next);
try{localStorage.setItem(KEY,next)}catch(e){}button.setAttribute('aria-label','Theme: '+next+'. Switch theme')})}
function copyCode(){
all('.code-block pre').forEach(function(pre){
var copy=document.createElement('button');copy.type='button';copy.className='copy-button';copy.textContent='Copy';
copy.addEventListener('click',function(){navigator.clipboard.writeText(pre.innerText).then(function(){later(copy,'Copied','Copy')})});
pre.parentNode.appendChild(copy)})}
function copyPage(){
var button=document.querySelector('[data-copy-page]');
if(!button)return;button.hidden=false;button.addEventListener('click',function(){
fetch(button.getAttribute('data-copy-page'),{credentials:'same-origin',headers:{accept:'text/markdown'}})
.then(function(answer){if(!answer.ok)throw answer.status;return answer.text()})
.then(function(text){return navigator.clipboard.writeText(text)})
.then(function(){later(button,'Copied','Copy page');send({type:'page_markdown_request'})},function(){later(button,'Could not copy','Copy page')})})}
function feedback(){
var form=document.querySelector('[data-feedback]');
if(!form||!events)return;form.hidden=false;
var rating,more=form.querySelector('.feedback-more'),status=form.querySelector('[role=status]'),buttons=all('[data-rating]',form);
buttons.forEach(function(button){button.addEventListener('click',function(){
if(rating)return;rating=button.getAttribute('data-rating');
buttons.forEach(function(other){other.setAttribute('aria-pressed',String(other===button))});
send({type:'page_post_feedback',rating:rating}).then(function(ok){
status.textContent=ok?'Thank you for your feedback.':'Your feedback could not be sent.';more.hidden=!ok})})});
form.addEventListener('submit',function(event){event.preventDefault();
var comment=form.querySelector('textarea').value.trim();if(!comment||!rating)return;
send({type:'page_post_feedback_comment',rating:rating,comment:comment}).then(function(ok){
if(ok)more.hidden=true;status.textContent=ok?'Thank you, your comment was sent.':'Your comment could not be sent.'})})}
function search(){
var form=document.querySelector('form[data-suggestions]');
if(!form)return;
var input=form.querySelector('input'),list=form.querySelector('[role=listbox]'),status=form.querySelector('[role=status]');
var address=form.getAttribute('data-suggestions'),options=[],active=-1,timer,asked=0;
input.setAttribute('role','combobox');input.setAttribute('aria-autocomplete','list');
input.setAttribute('aria-controls',list.id);input.setAttribute('aria-expanded','false');
function close(){list.hidden=true;input.setAttribute('aria-expanded','false');choose(-1)}
function choose(at){
if(options[active])options[active].setAttribute('aria-selected','false');
active=at;var option=options[at];
if(!option){input.removeAttribute('aria-activedescendant');return}
option.setAttribute('aria-selected','true');input.setAttribute('aria-activedescendant',option.id);option.scrollIntoView({block:'nearest'})}
function add(title,detail,href,kind){
var option=document.createElement('div'),name=document.createElement('span');
option.id='search-option-'+options.length;option.className=kind;option.setAttribute('role','option');
option.setAttribute('aria-selected','false');option.setAttribute('data-href',href);
name.textContent=title;option.appendChild(name);
if(detail){var more=document.createElement('span');more.className='search-excerpt';more.textContent=detail;option.appendChild(more)}
option.addEventListener('mousedown',function(event){event.preventDefault()});
option.addEventListener('click',function(){location.href=href});
options.push(option);list.appendChild(option)}
function show(found){
list.textContent='';options=[];active=-1;
found.results.forEach(function(result){add(result.title,'',result.href,'search-page');
result.sections.forEach(function(section){add(section.title,section.excerpt,section.href,'search-section')})});
add('All results for \\u201c'+found.query+'\\u201d','',form.action.split('?')[0]+'?q='+encodeURIComponent(found.query),'search-all');
list.hidden=false;input.setAttribute('aria-expanded','true');
status.textContent=found.results.length?found.results.length+(found.results.length>1?' pages':' page')+' found':'No page found'}
input.addEventListener('input',function(){
clearTimeout(timer);var query=input.value.trim(),at=++asked;
if(!query){close();return}
timer=setTimeout(function(){
fetch(address+'?q='+encodeURIComponent(query),{credentials:'same-origin',headers:{accept:'application/json'}})
.then(function(answer){return answer.ok?answer.json():null})
.then(function(found){if(found&&at===asked)show(found)},function(){})},120)});
input.addEventListener('keydown',function(event){
var open=!list.hidden,count=options.length;
if(event.key==='ArrowDown'||event.key==='ArrowUp'){
if(!open||!count)return;event.preventDefault();
choose(event.key==='ArrowDown'?(active+1)%count:(active<=0?count-1:active-1))}
else if(event.key==='Enter'&&open&&options[active]){event.preventDefault();location.href=options[active].getAttribute('data-href')}
else if(event.key==='Escape'&&open){event.preventDefault();close()}});
input.addEventListener('blur',close);
document.addEventListener('keydown',function(event){
var target=event.target,typing=target.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
if((event.key==='k'||event.key==='K')&&(event.ctrlKey||event.metaKey)||event.key==='/'&&!typing&&!event.ctrlKey&&!event.metaKey&&!event.altKey){
event.preventDefault();input.focus();input.select()}})}
function ask(){
var form=document.querySelector('form[data-ask-stream]');
if(!form||!window.AbortController||!window.TextDecoder)return;
var input=form.querySelector('input'),address=form.getAttribute('data-ask-stream'),box,running;
function el(tag,text){var node=document.createElement(tag);if(text)node.textContent=text;return node}
var offered,list;
function offer(){
if(input.value.trim())return;if(offered){if(list)list.hidden=!list.firstChild;return}
offered=fetch(address,{credentials:'same-origin',headers:{accept:'application/json'}})
.then(function(answer){if(!answer.ok)throw answer.status;return answer.json()})
.then(function(data){list=el('ul');list.className='ask-questions';list.setAttribute('aria-label','Suggested questions');
list.addEventListener('mousedown',function(event){event.preventDefault()});
data.questions.filter(function(entry){return /^\\/(?!\\/)/.test(entry.href)}).forEach(function(entry){
var item=el('li'),link=el('a',entry.question);link.href=entry.href;
link.addEventListener('click',function(event){if(!form.requestSubmit)return;event.preventDefault();input.value=entry.question;list.hidden=true;form.requestSubmit()});
item.appendChild(link);list.appendChild(item)});
list.hidden=!list.firstChild||!!input.value.trim()||!form.contains(document.activeElement);form.appendChild(list)},function(){})}
input.addEventListener('focus',offer);
input.addEventListener('input',function(){if(list)list.hidden=!list.firstChild||!!input.value.trim()});
form.addEventListener('focusout',function(event){if(list&&!form.contains(event.relatedTarget))list.hidden=true});
form.addEventListener('keydown',function(event){if(list&&event.key==='Escape')list.hidden=true});
form.addEventListener('submit',function(event){
var question=input.value.trim();if(!question)return;event.preventDefault();if(list)list.hidden=true;
if(running)running.abort();var mine=running=new AbortController();
if(!box){box=el('section');box.className='ask-live';box.setAttribute('aria-label','Answer');box.setAttribute('aria-live','polite');
var main=document.querySelector('main')||document.body;main.insertBefore(box,main.firstChild)}
var text=el('p','Finding the answer\\u2026');text.className='answer-text';box.replaceChildren(el('h2',question),text);
function fail(message){if(mine===running){var alert=el('p',message);alert.setAttribute('role','alert');box.replaceChildren(alert)}}
function done(data){
var sources=data.sources.filter(function(source){return /^\\/(?!\\/)/.test(source.href)}),at=0,cited=/\\[(\\d{1,2})\\]/g,match;
text.replaceChildren();if(!data.text){text.textContent='The documentation has nothing on this question.';return}
while((match=cited.exec(data.text))){var source=sources[match[1]-1];if(!source)continue;
var link=el('a','['+match[1]+']');link.href=source.href;link.className='citation';
text.append(data.text.slice(at,match.index),link);at=match.index+match[0].length}
text.append(data.text.slice(at));if(!sources.length)return;
var list=el('ol');list.className='answer-sources';
sources.forEach(function(source){var item=el('li'),link=el('a',source.title);link.href=source.href;item.appendChild(link);list.appendChild(item)});
box.append(el('h3','Sources'),list)}
function take(name,data){if(mine!==running)return;if(name==='error')fail(data.message);else if(name==='done')done(data);else text.textContent=data.text}
fetch(address+'?ask='+encodeURIComponent(question),{credentials:'same-origin',headers:{accept:'text/event-stream'},signal:mine.signal})
.then(function(answer){
if(!answer.ok||!answer.body)throw answer.status;
var reader=answer.body.getReader(),decoder=new TextDecoder(),rest='';
function pump(){return reader.read().then(function(part){
if(part.done)return;rest+=decoder.decode(part.value,{stream:true});var blocks=rest.split('\\n\\n');rest=blocks.pop();
blocks.forEach(function(block){var name='',data='';block.split('\\n').forEach(function(line){
if(line.indexOf('event: ')===0)name=line.slice(7);else if(line.indexOf('data: ')===0)data+=line.slice(6)});
if(data)take(name,JSON.parse(data))});return pump()})}
return pump()})
.catch(function(){if(!mine.signal.aborted)fail('The assistant could not answer just now. Try again in a moment, or search the docs.')})})}
document.addEventListener('DOMContentLoaded',function(){
events=document.body.getAttribute('data-events');page=document.body.getAttribute('data-page');
theme();search();ask();feedback();
if(navigator.clipboard){copyCode();copyPage()}
view()});
})();
`;
