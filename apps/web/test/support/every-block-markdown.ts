/**
 * A page in GitBook's Git Sync markdown holding every block the dialect has (tabs, stepper,
 * expandable, code with title and line numbers, hints, embed, file, content-ref, columns,
 * updates, if, math, figure, cards, buttons, colour marks, icons, expressions), as the browser
 * test of the read view stores it through the API. Written for Quire's tests.
 */
export const EVERY_BLOCK_MARKDOWN = `Marks: **bold**, _italic_, ~~struck~~, \`code\`, <mark style="color:red;">red text</mark> and <mark style="background-color:yellow;">highlighted</mark>, an icon <i class="fa-rocket">:rocket:</i> and version {{ space.vars.version }}.

<a href="https://example.com/start" class="button primary">Get started</a> <a href="https://example.com/docs" class="button secondary">Read the docs</a>

{% hint style="info" %}
An info hint.
{% endhint %}

{% hint style="warning" %}
A warning hint.
{% endhint %}

{% hint style="danger" %}
A danger hint.
{% endhint %}

{% hint style="success" %}
A success hint.
{% endhint %}

## Install

{% tabs %}
{% tab title="npm" %}
\`\`\`bash
npm install quire
\`\`\`
{% endtab %}

{% tab title="pnpm" %}
\`\`\`bash
pnpm add quire
\`\`\`
{% endtab %}
{% endtabs %}

{% stepper %}
{% step %}
### Download

Get the release.
{% endstep %}

{% step %}
### Configure

Set the public URL.
{% endstep %}

{% step %}
### Start

Run the server.
{% endstep %}
{% endstepper %}

{% code title="server.ts" lineNumbers="true" %}
\`\`\`ts
const port = 8080;
listen(port);
\`\`\`
{% endcode %}

<details>

<summary>Why self-host?</summary>

Your data stays yours.

</details>

## Layout

{% columns %}
{% column width="60%" %}
The left column, wider.
{% endcolumn %}

{% column width="40%" %}
The right column.
{% endcolumn %}
{% endcolumns %}

$$
\\int_0^1 x^2\\,dx = \\frac{1}{3}
$$

<figure><img src="https://example.com/light.png" alt="The dashboard"><figcaption><p>The dashboard.</p></figcaption></figure>

{% embed url="https://www.youtube.com/watch?v=abc" %}

{% file src="https://example.com/guide.pdf" %}
The guide
{% endfile %}

## Changes

{% updates format="full" %}
{% update date="2026-11-20" tags="feature,api" %}
Reusable content.
{% endupdate %}

{% update date="2026-10-02" %}
First release.
{% endupdate %}
{% endupdates %}

{% if visitor.claims.plan == "pro" %}
Only for pro visitors.
{% endif %}

<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>Install</strong></td><td><a href="https://example.com/install">Install</a></td></tr><tr><td><strong>API</strong></td><td><a href="https://example.com/api">API</a></td></tr></tbody></table>
`;
