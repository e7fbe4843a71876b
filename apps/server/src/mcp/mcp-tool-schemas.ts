/**
 * A tool's input schema as MCP lists it: the operation's JSON Schema (self-contained, its
 * shared definitions inline under `$defs`), less the fields the tool fixes. Derived once.
 */
import { z } from 'zod';
import type { McpTool } from './mcp-tools';

export interface ToolInputSchema {
  type: 'object';
  properties?: Record<string, unknown>;
  required?: string[];
  [key: string]: unknown;
}

const derived = new WeakMap<McpTool, ToolInputSchema>();

export function toolInputSchema(tool: McpTool): ToolInputSchema {
  const known = derived.get(tool);
  if (known) return known;
  const { $schema: _draft, ...schema } = z.toJSONSchema(tool.operation.input, {
    io: 'input',
    unrepresentable: 'any',
  }) as ToolInputSchema & { $schema?: string };
  const fixed = Object.keys(tool.fixed ?? {});
  if (fixed.length > 0) {
    schema.properties = Object.fromEntries(
      Object.entries(schema.properties ?? {}).filter(([field]) => !fixed.includes(field)),
    );
    if (schema.required) schema.required = schema.required.filter((field) => !fixed.includes(field));
  }
  const result = { ...schema, type: 'object' as const };
  derived.set(tool, result);
  return result;
}
