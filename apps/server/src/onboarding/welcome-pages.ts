/**
 * The pages of the space a new instance publishes on its first start (`welcome-site.ts`): a
 * short guide to Quire written in GitBook's markdown, so that the first site a team reads
 * shows the blocks its own docs will use (hints, tabs, steps, titled code, expandables).
 * `{app}` is replaced by the app's address, `{space}` by the new space's path in it.
 */
export interface WelcomePage {
  title: string;
  markdown: string;
}

export const WELCOME_PAGES: readonly WelcomePage[] = [
  {
    title: 'Welcome to Quire',
    markdown: `This site was published by your Quire server on its first start. It is an ordinary site: change its pages, add spaces to it, or unpublish it.

{% hint style="info" %}
Edit this page in the web app: [{app}{space}]({app}{space}). Sign in with the token you started the server with.
{% endhint %}

## What is here

* **Spaces** hold pages. Write them in the web app, through the API, or in a Git repository synced with Quire.
* **Change requests** gather edits for review before they reach the published site.
* **Sites** publish one or more spaces to readers, with search, a table of contents and previous/next links.

Read on: [Write pages](write-pages.md), then [Publish a site](publish-a-site.md).
`,
  },
  {
    title: 'Write pages',
    markdown: `Pages are written in the web app's editor, or sent to the API as markdown or as documents.

{% tabs %}
{% tab title="Web app" %}
Open a space, choose **Edit**, and type. Several people can edit one page together; a change request keeps edits apart until they are reviewed and merged.
{% endtab %}

{% tab title="API" %}
{% code title="Add a page" %}
\`\`\`sh
curl -s -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' \\
  {app}/v1/spaces/SPACE_ID/content \\
  -d '{"changes":[{"operation":"insert_page","document":{"markdown":"# Hello"}}]}'
\`\`\`
{% endcode %}
{% endtab %}

{% tab title="Git Sync" %}
Connect a space to a repository of markdown files in GitBook's format: Quire imports it, and exports the space back.
{% endtab %}
{% endtabs %}

<details>

<summary>Which blocks can a page hold?</summary>

Everything GitBook's format has: hints, tabs, steppers, expandables like this one, code with titles, tables, cards, images, files, math, embeds and OpenAPI operations.

</details>
`,
  },
  {
    title: 'Publish a site',
    markdown: `A site shows spaces to readers at its own address.

{% stepper %}
{% step %}
### Choose what it shows

In the web app, open **Sites**, then this site, and add spaces to it as sections or as variants (versions, languages).
{% endstep %}

{% step %}
### Choose who reads it

Public, unlisted, readers with a share link, or visitors your own service signs in.
{% endstep %}

{% step %}
### Give it an address

Sites are read at \`/~sites/<organization>/<site>/\` of this server, at a custom hostname, or behind your own proxy.
{% endstep %}
{% endstepper %}

{% hint style="success" %}
Readers who may not read a page never see it: not in the navigation, nor in search, nor in \`llms.txt\`.
{% endhint %}
`,
  },
];

/** The markdown of a welcome page with the app's address and the space's path filled in. */
export function welcomeMarkdownOf(page: WelcomePage, addresses: { app: string; space: string }): string {
  return page.markdown.replaceAll('{app}', addresses.app).replaceAll('{space}', addresses.space);
}
