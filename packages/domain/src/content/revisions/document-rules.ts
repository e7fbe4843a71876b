/**
 * The version of the rules that turn a body's markdown into its document tree, part of the
 * address a derived document is stored under (`stored-documents.ts`): a change of the rules
 * must never serve a tree the old rules made.
 *
 * Two parts: `DOCUMENT_RULES`, bumped by hand with a change of `@quire/documents`'
 * conversion, and the fingerprint of what the rules make of `RULES_PROBE` (one of each of
 * GitBook's blocks), computed once per process, so that a change of the conversion that
 * shows on any block moves every document to a new address even when nobody bumped the
 * number. A conversion that changes nothing the probe shows still needs the bump.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { markdownToDocument } from '@quire/documents';

/** Bump with any change of `markdownToDocument`'s output. */
export const DOCUMENT_RULES = 1;

/** One of each block of GitBook's markdown (written for this probe). */
export const RULES_PROBE = [
  '# Probe\n\nText with **bold**, _italic_, ~~struck~~, `code`, a [link](https://example.com) and :tada:.',
  '## Section <a href="#anchor" id="anchor"></a>\n\n### Subsection',
  '* one\n  * nested\n\n1. first\n\n- [x] done',
  '> Quoted.\n\n***',
  '```js\nconst probe = 1;\n```',
  '{% code title="probe.sh" lineNumbers="true" %}\n```bash\necho probe\n```\n{% endcode %}',
  '{% hint style="info" icon="lightbulb" %}\nA hint.\n{% endhint %}',
  '{% tabs %}\n{% tab title="One" %}\nFirst.\n{% endtab %}\n{% endtabs %}',
  '<details>\n\n<summary>More</summary>\n\nDetails.\n\n</details>',
  '{% stepper %}\n{% step %}\n### Step\n\nDo it.\n{% endstep %}\n{% endstepper %}',
  '{% columns %}\n{% column %}\nLeft.\n{% endcolumn %}\n{% endcolumns %}',
  '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>Card</strong></td><td><a href="https://example.com">https://example.com</a></td></tr></tbody></table>',
  '| Name | Value |\n| ---- | ----- |\n| a | 1 |',
  '<figure><img src="https://example.com/a.png" alt="Image"><figcaption><p>Caption</p></figcaption></figure>',
  '{% file src="https://example.com/a.pdf" %}\nA file\n{% endfile %}',
  '{% embed url="https://example.com/video" %}',
  '$$\nx = \\frac{a}{b}\n$$',
  '<a href="https://example.com" class="button primary">Open</a>',
  'An icon <i class="fa-star">:star:</i>, <mark style="color:red;">red</mark> and <code class="expression">space.vars.product</code>.',
  '{% if visitor.claims.unsigned.beta %}\nBeta.\n{% endif %}',
  '{% content-ref url="https://example.com" %}\n[Next](https://example.com)\n{% endcontent-ref %}',
  '{% include "/reusable-contents/probe" %}',
  'A note[^1].\n\n[^1]: The note.',
].join('\n\n');

let rulesKey: string | undefined;

/** `DOCUMENT_RULES` and the probe's fingerprint, as a part of an address (computed once). */
export function documentRulesKey(): string {
  if (rulesKey === undefined) {
    const digest = sha256(utf8ToBytes(JSON.stringify(markdownToDocument(RULES_PROBE))));
    let hex = '';
    for (const byte of digest.subarray(0, 6)) hex += byte.toString(16).padStart(2, '0');
    rulesKey = `${DOCUMENT_RULES}.${hex}`;
  }
  return rulesKey;
}
