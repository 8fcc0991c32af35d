import { EXPRESSION_POSITION_FIELDS } from '@waymark/contracts/computed-attribute';
import jexl from 'jexl';

/** Traccar's computed attribute types. */
export type ComputedType = 'string' | 'number' | 'boolean';

/** What a stored computed attribute gives the evaluator. */
export interface ComputedRow {
  id: number;
  attribute: string;
  expression: string;
  type: string;
  priority: number;
}

type Expression = ReturnType<typeof jexl.compile>;

/** A computed attribute ready to run (compiled once, applied to many positions). */
export interface CompiledComputed {
  readonly id: number;
  readonly attribute: string;
  readonly type: ComputedType;
  readonly priority: number;
  readonly expression: Expression;
}

/** Any position-like object: its fields and its attributes. */
export interface ComputedPosition {
  attributes: Record<string, unknown>;
}

/** Our own instance: no transforms or functions beyond the language's operators. */
const language = new jexl.Jexl();

/** The longest expression accepted, in characters. */
export const MAX_EXPRESSION_LENGTH = 1000;
/** The most syntax-tree nodes (names, literals, operators, filters…) an expression may hold. */
export const MAX_EXPRESSION_NODES = 200;

interface AstNode {
  type: string;
  relative?: boolean;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/**
 * The work budget of an expression, checked on its syntax tree before it ever runs. jexl evaluates on the event
 * loop and cannot be interrupted, so the bound is static: with no loop, no call and no variable binding in the
 * language, the only construct that repeats work is a relative filter (`list[.x > 1]`), which runs its inner
 * expression once per element. One level of such a filter costs at most nodes × elements; a filter inside
 * another filter multiplies (ten levels of ten elements is 10¹⁰ steps), so it is refused. With at most
 * MAX_EXPRESSION_NODES nodes (and so at most that many literal elements in any list), an accepted expression
 * costs at most a few tens of thousands of steps on any position.
 */
function checkBudget(ast: AstNode): void {
  let nodes = 0;
  const visit = (value: unknown, insideFilter: boolean): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, insideFilter);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    if (!isNode(value)) {
      // an object literal's values: { key: node }
      for (const item of Object.values(value)) visit(item, insideFilter);
      return;
    }
    nodes += 1;
    if (nodes > MAX_EXPRESSION_NODES) {
      throw new Error(`the expression is too complex (more than ${MAX_EXPRESSION_NODES} terms)`);
    }
    const relativeFilter = value.type === 'FilterExpression' && value.relative === true;
    if (relativeFilter && insideFilter) throw new Error('a filter inside another filter is not allowed');
    for (const [key, child] of Object.entries(value)) {
      if (key === 'type') continue;
      visit(child, insideFilter || (relativeFilter && key === 'expr'));
    }
  };
  visit(ast, false);
}

/**
 * Compiles an expression, throwing an Error with the parser's message when it is not valid, or saying which
 * bound it exceeds when it is too long or too costly to run (see checkBudget).
 */
export function compileExpression(expression: string): Expression {
  if (!expression.trim()) throw new Error('the expression is empty');
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw new Error(`the expression is longer than ${MAX_EXPRESSION_LENGTH} characters`);
  }
  let compiled: Expression;
  try {
    compiled = language.compile(expression);
    // jexl accepts some unfinished input ("((") without a tree; and names a transform only when it runs
    const ast: unknown = compiled._getAst();
    if (!isNode(ast)) throw new Error(`Unexpected end of expression: ${expression}`);
    checkBudget(ast);
    compiled.evalSync(Object.create(null));
  } catch (error) {
    throw new Error(error instanceof Error ? error.message : String(error));
  }
  return compiled;
}

const TYPES = new Set<string>(['string', 'number', 'boolean']);

/**
 * Compiles stored computed attributes in the order they apply: higher priority first, then by id. Rows whose
 * expression does not compile (or whose type is unknown) are left out rather than failing the others.
 */
export function compileComputed(rows: readonly ComputedRow[]): CompiledComputed[] {
  const out: CompiledComputed[] = [];
  for (const row of rows) {
    if (!TYPES.has(row.type)) continue;
    try {
      const expression = compileExpression(row.expression);
      out.push({
        id: row.id,
        attribute: row.attribute,
        type: row.type as ComputedType,
        priority: row.priority,
        expression,
      });
    } catch {
      // a broken expression computes nothing
    }
  }
  return out.sort((a, b) => b.priority - a.priority || a.id - b.id);
}

/** The names an expression sees: the position's attributes, then its fields (fields win, as in Traccar). */
export function expressionContext(position: ComputedPosition): Record<string, unknown> {
  const context: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(position.attributes ?? {})) context[key] = value;
  const fields = position as unknown as Record<string, unknown>;
  for (const field of EXPRESSION_POSITION_FIELDS) {
    const value = fields[field];
    if (value === undefined) continue;
    context[field] = value instanceof Date ? value.getTime() : typeof value === 'bigint' ? Number(value) : value;
  }
  return context;
}

/** The value converted to the declared type, or undefined when it cannot be (the attribute stays unset). */
export function convertComputed(value: unknown, type: ComputedType): string | number | boolean | undefined {
  if (value === null || value === undefined) return undefined;
  if (type === 'number') {
    const n = typeof value === 'string' && value.trim() === '' ? Number.NaN : Number(value);
    return typeof value !== 'object' && Number.isFinite(n) ? n : undefined;
  }
  if (type === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (typeof value === 'number') return Number.isNaN(value) ? undefined : value !== 0;
    if (value === 'true' || value === 'false') return value === 'true';
    return undefined;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Evaluates one expression over a position; throws on an evaluation error. */
export function evaluateExpression(expression: Expression, position: ComputedPosition): unknown {
  return expression.evalSync(expressionContext(position));
}

/**
 * Sets position.attributes[attribute] for each computed attribute, in order (a later expression sees the
 * earlier results). An expression that fails, or gives a value of no use for its type, leaves its attribute
 * as it was. Never throws; returns the same position.
 */
export function applyComputed<P extends ComputedPosition>(compiled: readonly CompiledComputed[], position: P): P {
  for (const item of compiled) {
    let value: unknown;
    try {
      value = evaluateExpression(item.expression, position);
    } catch {
      continue;
    }
    const converted = convertComputed(value, item.type);
    if (converted !== undefined) position.attributes[item.attribute] = converted;
  }
  return position;
}
