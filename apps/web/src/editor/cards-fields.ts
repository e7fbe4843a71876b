/**
 * The fields of GitBook's cards (a table with the cards view): the card size, then for each
 * card its title, its target (where the card leads: a page, `/pages/<id>`, or an address),
 * its cover (an image: `/files/<id>`, an address, or a file uploaded from the computer), a
 * way to remove it; and a way to add one. Records are kept in their order (`orderIndex`).
 *
 * A table made without a target or cover column gets one when a card is first given one:
 * GitBook's hidden `content-ref` target column and an `image` cover column (GitBook's type
 * for a cover given as one image, by address or file). A `files` cover column becomes an
 * `image` one when a cover is given that is not a file of the space (an address, an upload
 * waiting for the save): each card keeps its first file.
 */
import { imageRefFromUrl, type LinkRef, linkRefFromUrl, urlOfRef } from './documents';
import { type Field, read, type Value } from './field-values';
import { copyOf } from './gitbook-shapes';

interface CardRecord {
  orderIndex: string;
  values: Record<string, unknown>;
}

interface Definition {
  id: string;
  title: string;
  type: string;
  textAlignment?: string;
}

interface Cards {
  view: {
    type: 'cards';
    columns: string[];
    cardSize?: string;
    targetDefinition?: string;
    coverDefinition?: string;
  };
  records: Record<string, CardRecord>;
  definition: Record<string, Definition>;
}

interface Fragment {
  object: 'fragment';
  fragment?: string;
  nodes: unknown[];
}

const paragraphOf = (text: string) => ({
  object: 'block',
  type: 'paragraph',
  nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
});

const plainText = (nodes: unknown): string =>
  Array.isArray(nodes)
    ? nodes
        .map((node: { leaves?: { text: string }[]; nodes?: unknown }) =>
          node.leaves ? node.leaves.map((leaf) => leaf.text).join('') : plainText(node.nodes),
        )
        .join('')
    : '';

/** The records by their order (GitBook's `orderIndex`, then their ids). */
const ordered = (records: Record<string, CardRecord>): [string, CardRecord][] =>
  Object.entries(records).sort(([idA, a], [idB, b]) =>
    a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : idA < idB ? -1 : idA > idB ? 1 : 0,
  );

/** A column id the table does not use yet. */
function freeId(definition: Record<string, unknown>, base: string): string {
  let id = base;
  for (let n = 2; Object.hasOwn(definition, id); n += 1) id = base + n;
  return id;
}

/** The table's text column shown as the card's title: the first text column in the view. */
function titleColumnOf(cards: Cards): string | undefined {
  const text = (id: string) => cards.definition[id]?.type === 'text';
  return cards.view.columns.find(text) ?? Object.keys(cards.definition).find(text);
}

/** A change of the block's cards: `change` gets copies of the data and fragments to edit. */
function edited(value: Value, change: (cards: Cards, fragments: Fragment[]) => void): Value {
  const next = copyOf(value);
  const cards = next.data as Cards;
  const fragments = (Array.isArray(next.fragments) ? next.fragments : []) as Fragment[];
  change(cards, fragments);
  next.fragments = fragments;
  return next;
}

function setTarget(value: Value, recordId: string, input: string): Value {
  return edited(value, (cards) => {
    const record = cards.records[recordId];
    if (!record) return;
    let column = cards.view.targetDefinition;
    if (input.trim() === '') {
      if (column) record.values[column] = null;
      return;
    }
    if (!column) {
      column = freeId(cards.definition, 'target');
      cards.definition[column] = { id: column, title: 'Target', type: 'content-ref' };
      cards.view.targetDefinition = column;
    }
    record.values[column] = linkRefFromUrl(input.trim());
  });
}

/** A cover typed or uploaded: a file of the space (`/files/<id>`), an address, or nothing. */
function setCover(value: Value, recordId: string, input: string): Value {
  return edited(value, (cards) => {
    const record = cards.records[recordId];
    if (!record) return;
    const typed = input.trim();
    let column = cards.view.coverDefinition;
    if (typed === '') {
      if (column) record.values[column] = null;
      return;
    }
    const ref = imageRefFromUrl(typed);
    if (!column) {
      column = freeId(cards.definition, 'cover');
      cards.definition[column] = { id: column, title: 'Cover', type: 'image' };
      cards.view.coverDefinition = column;
    }
    const definition = cards.definition[column];
    if (definition?.type === 'files') {
      if (ref.kind === 'file') {
        record.values[column] = [ref.file];
        return;
      }
      // An address in a column of files: the column becomes one image per card.
      definition.type = 'image';
      for (const other of Object.values(cards.records)) {
        const files = other.values[column];
        other.values[column] =
          Array.isArray(files) && typeof files[0] === 'string' ? { kind: 'file', file: files[0] } : null;
      }
    }
    record.values[column] = ref;
  });
}

function addCard(value: Value): Value {
  return edited(value, (cards, fragments) => {
    const list = ordered(cards.records);
    let id = 'card' + list.length;
    for (let n = list.length + 1; Object.hasOwn(cards.records, id); n += 1) id = 'card' + n;
    const last = list[list.length - 1]?.[1].orderIndex ?? '';
    const title = titleColumnOf(cards);
    const values: Record<string, unknown> = {};
    for (const column of Object.keys(cards.definition)) {
      if (cards.definition[column]?.type !== 'text') {
        values[column] = null;
        continue;
      }
      const name = id + column;
      fragments.push({
        object: 'fragment',
        fragment: name,
        nodes: [paragraphOf(column === title ? 'New card' : '')],
      });
      values[column] = name;
    }
    // After the last: a longer string sorts after its own beginning.
    cards.records[id] = { orderIndex: last + 'a', values };
  });
}

function removeCard(value: Value, recordId: string): Value {
  return edited(value, (cards, fragments) => {
    const record = cards.records[recordId];
    if (!record) return;
    const names = new Set<unknown>(Object.values(record.values).filter((item) => typeof item === 'string'));
    delete cards.records[recordId];
    for (let index = fragments.length - 1; index >= 0; index -= 1)
      if (names.has(fragments[index]?.fragment)) fragments.splice(index, 1);
  });
}

function setTitle(value: Value, recordId: string, input: string): Value {
  return edited(value, (cards, fragments) => {
    const record = cards.records[recordId];
    const column = titleColumnOf(cards);
    if (!record || !column) return;
    let name = record.values[column];
    if (typeof name !== 'string') {
      name = recordId + column;
      record.values[column] = name;
    }
    const fragment = fragments.find((item) => item.fragment === name);
    if (fragment) fragment.nodes = [paragraphOf(input)];
    else fragments.push({ object: 'fragment', fragment: name as string, nodes: [paragraphOf(input)] });
  });
}

const refText = (ref: unknown): string => {
  if (Array.isArray(ref)) return typeof ref[0] === 'string' ? '/files/' + ref[0] : '';
  try {
    return ref ? String(urlOfRef(ref as LinkRef) ?? '') : '';
  } catch {
    return '';
  }
};

/** The fields of a cards table; none for a table of another view. */
export function cardsFields(block: Value): Field[] {
  if (read(block, ['data', 'view', 'type']) !== 'cards') return [];
  const cards = block.data as Cards;
  const titleColumn = titleColumnOf(cards);
  const list = ordered(cards.records ?? {});
  const fields: Field[] = [
    {
      id: 'size',
      label: 'Card size',
      kind: 'select',
      options: ['medium', 'large'],
      get: (value) => String(read(value, ['data', 'view', 'cardSize']) ?? 'medium'),
      set: (value, input) =>
        edited(value, (next) => {
          next.view.cardSize = String(input);
        }),
    },
  ];
  list.forEach(([id], index) => {
    const n = index + 1;
    // Each field reads the card from the value it is given (the latest), by the record's id.
    const recordOf = (value: Value) => read(value, ['data', 'records', id, 'values']) as Value | undefined;
    fields.push(
      {
        id: 'card' + index,
        label: 'Card ' + n + ' title',
        kind: 'text',
        get: (value) => {
          const name = titleColumn ? recordOf(value)?.[titleColumn] : undefined;
          const all = (read(value, ['fragments']) ?? []) as Fragment[];
          return plainText(all.find((item) => item.fragment === name)?.nodes);
        },
        set: (value, input) => setTitle(value, id, String(input)),
      },
      {
        id: 'target' + index,
        label: 'Card ' + n + ' link',
        kind: 'text',
        get: (value) => {
          const column = read(value, ['data', 'view', 'targetDefinition']) as string | undefined;
          return column ? refText(recordOf(value)?.[column]) : '';
        },
        set: (value, input) => setTarget(value, id, String(input)),
      },
      {
        id: 'cover' + index,
        label: 'Card ' + n + ' cover image',
        kind: 'text',
        get: (value) => {
          const column = read(value, ['data', 'view', 'coverDefinition']) as string | undefined;
          return column ? refText(recordOf(value)?.[column]) : '';
        },
        set: (value, input) => setCover(value, id, String(input)),
      },
      {
        id: 'upload' + index,
        label: 'Upload a cover for card ' + n,
        kind: 'upload',
        accept: 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml',
        get: () => '',
        set: (value, input) => setCover(value, id, String(input)),
      },
    );
    if (list.length > 1)
      fields.push({
        id: 'remove' + index,
        label: 'Remove card ' + n,
        kind: 'button',
        get: () => false,
        set: (value) => removeCard(value, id),
      });
  });
  fields.push({ id: 'add', label: 'Add a card', kind: 'button', get: () => false, set: addCard });
  return fields;
}
