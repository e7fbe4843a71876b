/**
 * A generated repository in GitBook's Git Sync format, for the import target (issue 27:
 * 1,000 pages through Git Sync in under 30 s) and the conversion bench: `.gitbook.yaml`, a
 * `SUMMARY.md` with `##` groups and three levels of nesting, a `README.md` per folder, and
 * every page holding every block of GitBook's dialect (`GITBOOK_BLOCKS`, written for this
 * bench), an include of one of `.gitbook/includes/`, links and content-refs to its
 * neighbours, images among `.gitbook/assets/`.
 */

/** One sample of each block of GitBook's Git Sync markdown; `n` makes each page's text its own. */
export const GITBOOK_BLOCKS: Record<string, (n: number, up: string) => string> = {
  paragraph: (n) =>
    `Paragraph ${n} with **bold**, _italic_, ~~struck~~, \`code\`, a [link](https://example.com/${n}) and an emoji :tada:.`,
  headings: (n) => `## Section ${n}\n\n### Subsection ${n}`,
  'heading with anchor': (n) => `## Anchored ${n} <a href="#anchored-${n}" id="anchored-${n}"></a>`,
  lists: (n) => `* one ${n}\n* two\n  * nested\n\n1. first\n2. second\n\n- [ ] to do\n- [x] done`,
  quote: (n) => `> Quoted ${n}, as a reader would say it.`,
  divider: () => '***',
  code: (n) => `\`\`\`js\nconst page = ${n};\nconsole.log(page);\n\`\`\``,
  'code with title': (n) =>
    `{% code title="page-${n}.sh" lineNumbers="true" overflow="wrap" %}\n\`\`\`bash\necho ${n}\n\`\`\`\n{% endcode %}`,
  hint: (n) => `{% hint style="warning" %}\nMind step ${n}.\n{% endhint %}`,
  'hint with icon': (n) => `{% hint style="info" icon="lightbulb" %}\nA tip for page ${n}.\n{% endhint %}`,
  tabs: (n) =>
    `{% tabs %}\n{% tab title="First" icon="1" %}\nFirst tab of ${n}.\n{% endtab %}\n\n{% tab title="Second" %}\nSecond tab.\n{% endtab %}\n{% endtabs %}`,
  expandable: (n) => `<details>\n\n<summary>More about ${n}</summary>\n\nThe details of ${n}.\n\n</details>`,
  stepper: (n) =>
    `{% stepper %}\n{% step %}\n### Start ${n}\n\nDo this first.\n{% endstep %}\n\n{% step %}\n### Finish\n\nThen this.\n{% endstep %}\n{% endstepper %}`,
  columns: (n) =>
    `{% columns %}\n{% column %}\nLeft of ${n}.\n{% endcolumn %}\n\n{% column %}\nRight of ${n}.\n{% endcolumn %}\n{% endcolumns %}`,
  cards: (n) =>
    `<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>Card ${n}</strong></td><td><a href="https://example.com/${n}">https://example.com/${n}</a></td></tr></tbody></table>`,
  table: (n) => `| Name | Value |\n| ---- | ----- |\n| page | ${n} |\n| kind | bench |`,
  'table with column types': (n) =>
    `<table><thead><tr><th width="120">Item</th><th data-type="number">Count</th><th data-type="checkbox">Ready</th></tr></thead><tbody><tr><td>page ${n}</td><td>${n}</td><td>true</td></tr></tbody></table>`,
  image: (n, up) =>
    `<figure><img src="${up}.gitbook/assets/image-${n % 20}.png" alt="Image ${n}"><figcaption><p>Caption ${n}</p></figcaption></figure>`,
  'image light and dark': (n, up) =>
    `<picture><source srcset="${up}.gitbook/assets/image-${(n + 1) % 20}.png" media="(prefers-color-scheme: dark)"><img src="${up}.gitbook/assets/image-${n % 20}.png" alt="Both themes"></picture>`,
  'inline image': (n, up) =>
    `Inline <img src="${up}.gitbook/assets/image-${n % 20}.png" alt="" data-size="line"> image.`,
  file: (n, up) =>
    `{% file src="${up}.gitbook/assets/image-${n % 20}.png" %}\nThe file of ${n}\n{% endfile %}`,
  embed: (n) => `{% embed url="https://www.youtube.com/watch?v=${String(n).padStart(11, 'a')}" %}`,
  math: (n) => `$$\nx_${n} = \\frac{a}{b}\n$$\n\nInline $$y = ${n}$$ math.`,
  button: (n) => `<a href="https://example.com/${n}" class="button primary">Open ${n}</a>`,
  'icon, mark and expression': (n) =>
    `An icon <i class="fa-star">:star:</i>, <mark style="color:red;">red ${n}</mark> and <code class="expression">space.vars.product</code>.`,
  conditional: (n) => `{% if visitor.claims.unsigned.beta %}\nOnly beta readers see ${n}.\n{% endif %}`,
  updates: (n) =>
    `{% updates format="full" %}\n{% update date="2026-01-${String((n % 28) + 1).padStart(2, '0')}" tags="bench" %}\n## Update ${n}\n\nWhat changed.\n{% endupdate %}\n{% endupdates %}`,
  openapi: () =>
    `{% openapi-operation spec="bench" path="/pages/{id}" method="get" %}\n[OpenAPI bench](https://example.com/openapi.yaml)\n{% endopenapi-operation %}`,
  prompt: (n) =>
    `{% prompt description="Ask about ${n}" defaultExpanded="partial" %}\n\`\`\`markdown\nSummarize page ${n}.\n\`\`\`\n{% endprompt %}`,
};

const ASSETS = 20;
const INCLUDES = 5;

/** A page's place: its file, title, depth in the SUMMARY and the group it opens (if it does). */
interface GeneratedPage {
  path: string;
  title: string;
  depth: number;
  group?: string;
}

/** The pages in SUMMARY order: a readme, then groups of sections, topics and leaves. */
function pagesOf(count: number): GeneratedPage[] {
  const pages: GeneratedPage[] = [{ path: 'README.md', title: 'Bench docs', depth: 0 }];
  for (let group = 1; pages.length < count; group++) {
    const section = `section-${group}`;
    pages.push({
      path: `${section}/README.md`,
      title: `Section ${group}`,
      depth: 0,
      group: `Group ${group}`,
    });
    for (let topic = 1; topic <= 9 && pages.length < count; topic++) {
      const folder = `${section}/topic-${topic}`;
      pages.push({ path: `${folder}/README.md`, title: `Topic ${group}.${topic}`, depth: 1 });
      for (let leaf = 1; leaf <= 10 && pages.length < count; leaf++)
        pages.push({ path: `${folder}/page-${leaf}.md`, title: `Page ${group}.${topic}.${leaf}`, depth: 2 });
    }
  }
  return pages;
}

/** Every block once, for page `n`, whose file is `up` folders below the root. */
/** `sample(0)`, `sample(1)`... joined by blank lines up to about `kb` KB: a text of one kind of block. */
export function repeatedToKb(kb: number, sample: (n: number) => string): string {
  const parts: string[] = [];
  let length = 0;
  for (let n = 0; length < kb * 1024; n++) {
    const part = sample(n);
    parts.push(part);
    length += Buffer.byteLength(part) + 2;
  }
  return parts.join('\n\n');
}

export function pageBody(n: number, up: string): string {
  return Object.values(GITBOOK_BLOCKS)
    .map((block) => block(n, up))
    .join('\n\n');
}

export function gitbookFormatRepository(
  count: number,
  png: (n: number) => Uint8Array,
): Record<string, string | Uint8Array> {
  const pages = pagesOf(count);
  const files: Record<string, string | Uint8Array> = {
    '.gitbook.yaml':
      'root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n\nredirects:\n  old-start: README.md\n',
  };
  for (let n = 0; n < ASSETS; n++) files[`.gitbook/assets/image-${n}.png`] = png(n);
  for (let n = 0; n < INCLUDES; n++)
    files[`.gitbook/includes/note-${n}.md`] =
      `---\ntitle: Note ${n}\n---\n\n{% hint style="info" %}\nShared note ${n}.\n{% endhint %}\n`;

  const summary = ['# Table of contents', ''];
  for (const [n, page] of pages.entries()) {
    if (page.group) summary.push('', `## ${page.group}`, '');
    summary.push(`${'  '.repeat(page.depth)}* [${page.title}](${page.path})`);
    const up = '../'.repeat(page.path.split('/').length - 1);
    const next = pages[(n + 1) % pages.length] as GeneratedPage;
    const nextLink = relative(page.path, next.path);
    files[page.path] = [
      `---\ndescription: Page ${n} of the bench.\n---\n`,
      `# ${page.title}\n`,
      pageBody(n, up),
      `{% include "${up}.gitbook/includes/note-${n % INCLUDES}.md" %}`,
      `{% content-ref url="${nextLink}" %}\n[${next.title}](${nextLink})\n{% endcontent-ref %}`,
      `Next: [${next.title}](${nextLink}).\n`,
    ].join('\n\n');
  }
  files['SUMMARY.md'] = `${summary.join('\n')}\n`;
  return files;
}

/** The relative link from one file to another. */
function relative(from: string, to: string): string {
  const fromFolder = from.split('/').slice(0, -1);
  const target = to.split('/');
  let common = 0;
  while (common < fromFolder.length && common < target.length - 1 && fromFolder[common] === target[common])
    common++;
  return [...fromFolder.slice(common).map(() => '..'), ...target.slice(common)].join('/');
}
