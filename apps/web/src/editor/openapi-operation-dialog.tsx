/**
 * The toolbar's "API operation" button: a dialog choosing one of the organization's API specs
 * and one operation of its newest processed version (read from the description), inserted as
 * an `openapi-operation` block at the cursor. A spec without a processed version says so; a
 * spec whose description the browser cannot read (a version processed as YAML before the
 * server gave its JSON form) takes the method and path typed in,
 * checked by the same rules as the document's schema.
 */
import {
  isOpenApiMethod,
  isOpenApiPath,
  OPENAPI_METHODS,
  type OpenApiMethod,
} from '@quire/documents/openapi-operation';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { Editor } from '@tiptap/react';
import { Dialog, Toolbar } from 'radix-ui';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { useTRPC } from '../api/trpc';
import type { OperationPointer } from '../openapi/embedded-operation';
import { operationsOf, parseDescription } from '../openapi/openapi-document';
import { isProcessing } from '../openapi/spec-states';
import { FormError } from '../ui/form-error';
import { OPENAPI_OPERATION_NODE } from './openapi-operation-node';

const operationKey = (method: string, path: string) => method + ' ' + path;

export function OpenApiOperationDialog({ editor }: { editor: Editor }) {
  const { organizationId } = useParams({ strict: false });
  const [open, setOpen] = useState(false);
  const inserted = useRef(false);
  if (organizationId === undefined) return null;
  const insert = (pointer: OperationPointer) => {
    inserted.current = true;
    setOpen(false);
    editor
      .chain()
      .focus()
      .insertContent({ type: OPENAPI_OPERATION_NODE, attrs: { ...pointer } })
      .run();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) inserted.current = false;
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <Toolbar.Button
          type="button"
          className="editor-tool"
          aria-label="Insert API operation"
          title="Insert API operation"
        >
          <span aria-hidden="true">API</span>
        </Toolbar.Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog dialog-wide"
          onCloseAutoFocus={(event) => {
            if (!inserted.current) return;
            event.preventDefault();
            editor.view.focus();
          }}
        >
          <Dialog.Title>Insert an API operation</Dialog.Title>
          <Dialog.Description className="muted">
            An operation of one of the organization’s API specs, shown rendered from its newest version.
          </Dialog.Description>
          {open && <OperationPicker organizationId={organizationId} onInsert={insert} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function OperationPicker({
  organizationId,
  onInsert,
}: {
  organizationId: string;
  onInsert: (pointer: OperationPointer) => void;
}) {
  const trpc = useTRPC();
  const ids = useId();
  const specs = useQuery(trpc.openapi.list.queryOptions({ organizationId, limit: 100 }));
  const [slug, setSlug] = useState('');
  const [chosen, setChosen] = useState('');
  const [typedMethod, setTypedMethod] = useState<OpenApiMethod>('get');
  const [typedPath, setTypedPath] = useState('');
  const spec = specs.data?.items.find((item) => item.slug === slug);
  const versionId = spec?.lastVersion;
  const content = useQuery({
    ...trpc.openapi.versions.content.queryOptions({
      organizationId,
      specSlug: slug,
      versionId: versionId ?? '',
    }),
    enabled: versionId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // The server's one JSON document (`bundled`: a YAML spec, or one of several files), else the JSON root.
  const root = content.data
    ? (content.data.bundled ?? Object.values(content.data.filesystem)[0] ?? '')
    : undefined;
  const operations = useMemo(() => {
    const document = root === undefined ? undefined : parseDescription(root);
    return document === undefined ? undefined : operationsOf(document);
  }, [root]);
  const typing = root !== undefined && operations === undefined;

  const pointer = ((): OperationPointer | undefined => {
    if (spec === undefined) return undefined;
    if (typing)
      return isOpenApiPath(typedPath) ? { spec: spec.slug, path: typedPath, method: typedMethod } : undefined;
    const operation = operations?.find((entry) => operationKey(entry.method, entry.path) === chosen);
    return operation && { spec: spec.slug, path: operation.path, method: operation.method };
  })();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pointer) onInsert(pointer);
  };

  if (specs.error) return <FormError error={specs.error} />;
  if (!specs.data) return <p role="status">Loading the API specs…</p>;
  if (specs.data.items.length === 0)
    return <p className="muted">This organization has no API specs yet: add one under “API specs” first.</p>;
  return (
    <form className="form operation-picker" onSubmit={submit}>
      <div className="field">
        <label htmlFor={ids + 'spec'}>API spec</label>
        <select
          id={ids + 'spec'}
          value={slug}
          onChange={(event) => {
            setSlug(event.target.value);
            setChosen('');
          }}
        >
          <option value="">Choose a spec…</option>
          {specs.data.items.map((item) => (
            <option key={item.id} value={item.slug}>
              {item.slug}
            </option>
          ))}
        </select>
      </div>
      {spec !== undefined && versionId === undefined && (
        <p className="muted" role="status">
          {isProcessing(spec.processingState)
            ? 'This spec is still being processed: its operations can be chosen once it is done.'
            : 'This spec has no processed version: its uploads failed.'}
        </p>
      )}
      {content.error && <FormError error={content.error} />}
      {versionId !== undefined && root === undefined && !content.error && (
        <p role="status">Loading the spec’s operations…</p>
      )}
      {operations !== undefined &&
        (operations.length === 0 ? (
          <p className="muted">This spec has no operations.</p>
        ) : (
          <div className="field">
            <label htmlFor={ids + 'operation'}>Operation</label>
            <select id={ids + 'operation'} value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">Choose an operation…</option>
              {operations.map((entry) => (
                <option
                  key={operationKey(entry.method, entry.path)}
                  value={operationKey(entry.method, entry.path)}
                >
                  {entry.method.toUpperCase() +
                    ' ' +
                    entry.path +
                    (entry.summary ? ' — ' + entry.summary : '')}
                </option>
              ))}
            </select>
          </div>
        ))}
      {typing && (
        <>
          <p className="muted">This spec is not written in JSON: type the operation’s method and path.</p>
          <div className="field">
            <label htmlFor={ids + 'method'}>Method</label>
            <select
              id={ids + 'method'}
              value={typedMethod}
              onChange={(event) => {
                if (isOpenApiMethod(event.target.value)) setTypedMethod(event.target.value);
              }}
            >
              {OPENAPI_METHODS.map((method) => (
                <option key={method} value={method}>
                  {method.toUpperCase()}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids + 'path'}>Path</label>
            <input
              id={ids + 'path'}
              type="text"
              autoComplete="off"
              spellCheck={false}
              placeholder="/pets/{petId}"
              value={typedPath}
              onChange={(event) => setTypedPath(event.target.value.trim())}
            />
          </div>
        </>
      )}
      <div className="dialog-actions">
        <Dialog.Close className="button">Cancel</Dialog.Close>
        <button type="submit" className="button button-primary" disabled={pointer === undefined}>
          Insert
        </button>
      </div>
    </form>
  );
}
