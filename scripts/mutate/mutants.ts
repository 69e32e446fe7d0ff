import ts from 'typescript';
import { apiResponseSchema } from '../../core/lesson/schema.ts';

/**
 * The mutants of one file of a lesson's reference: small, plausible slips (a flipped
 * comparison, a forgotten `await`, an off-by-one constant, a dropped statement), each one
 * edit of the source text. Only code runs: types, imports and comments are never mutated, and
 * only at the lines `inScope` accepts (the lines the lesson adds to the codebase).
 */
export interface Mutant {
  /** Which kind of slip it is: `comparison`, `await`, `statement`, ... */
  mutator: string;
  /** Where in the file the edit starts and ends (character offsets). */
  start: number;
  end: number;
  /** The text that replaces `[start, end)`. */
  replacement: string;
  /** 1-based line of the edit. */
  line: number;
  /** The line as written (trimmed), to name the mutant by. */
  lineText: string;
  /** The edit in short: `"!==" -> "==="`. */
  change: string;
}

const COMPARISONS: Partial<Record<ts.SyntaxKind, string[]>> = {
  [ts.SyntaxKind.EqualsEqualsEqualsToken]: ['!=='],
  [ts.SyntaxKind.ExclamationEqualsEqualsToken]: ['==='],
  [ts.SyntaxKind.EqualsEqualsToken]: ['!='],
  [ts.SyntaxKind.ExclamationEqualsToken]: ['=='],
  [ts.SyntaxKind.LessThanToken]: ['<=', '>='],
  [ts.SyntaxKind.LessThanEqualsToken]: ['<', '>'],
  [ts.SyntaxKind.GreaterThanToken]: ['>=', '<='],
  [ts.SyntaxKind.GreaterThanEqualsToken]: ['>', '<'],
};
const LOGICAL: Partial<Record<ts.SyntaxKind, string[]>> = {
  [ts.SyntaxKind.AmpersandAmpersandToken]: ['||'],
  [ts.SyntaxKind.BarBarToken]: ['&&'],
  [ts.SyntaxKind.QuestionQuestionToken]: ['&&'],
};
const ARITHMETIC: Partial<Record<ts.SyntaxKind, string[]>> = {
  [ts.SyntaxKind.PlusToken]: ['-'],
  [ts.SyntaxKind.MinusToken]: ['+'],
  [ts.SyntaxKind.AsteriskToken]: ['/'],
  [ts.SyntaxKind.SlashToken]: ['*'],
  [ts.SyntaxKind.PercentToken]: ['*'],
  [ts.SyntaxKind.PlusEqualsToken]: ['-='],
  [ts.SyntaxKind.MinusEqualsToken]: ['+='],
  [ts.SyntaxKind.AsteriskEqualsToken]: ['/='],
  [ts.SyntaxKind.SlashEqualsToken]: ['*='],
};
/** Array and string methods, and what a slip turns each into. */
const METHODS: Record<string, string[]> = {
  some: ['every'],
  every: ['some'],
  push: ['unshift'],
  unshift: ['push'],
  shift: ['pop'],
  pop: ['shift'],
  find: ['findLast'],
  findLast: ['find'],
  findIndex: ['findLastIndex'],
  indexOf: ['lastIndexOf'],
  startsWith: ['endsWith'],
  endsWith: ['startsWith'],
  splice: ['slice'],
  max: ['min'],
  min: ['max'],
};
/**
 * The sets a lesson's rules name: a comparison with one of their members is mutated to treat
 * another member the same way (`stop_reason !== 'tool_use'` also excluding `'max_tokens'`),
 * the slip of a learner who read "anything but" as a list. Such a mutant lives exactly as long
 * as no case has that member where it matters.
 */
const SETS: Readonly<Record<string, readonly string[]>> = {
  stop_reason: apiResponseSchema.shape.stop_reason.options,
  type: ['text', 'tool_use'],
};

/** Calls that return (a version of) their receiver: a slip leaves the call out altogether. */
const DROPPABLE_CALLS = new Set(['filter', 'map', 'slice', 'reverse', 'sort', 'concat', 'flat']);

export function mutantsOf(source: string, inScope: (line: number) => boolean): Mutant[] {
  const file = ts.createSourceFile('file.ts', source, ts.ScriptTarget.ES2022, true);
  const lines = source.split('\n');
  const mutants: Mutant[] = [];
  const seen = new Set<string>();

  const lineOf = (position: number) => file.getLineAndCharacterOfPosition(position).line + 1;
  const add = (
    mutator: string,
    start: number,
    end: number,
    replacement: string,
    options: {
      /** The lines the edit is about, when they are not just its first. */
      about?: number[];
      /** The edit in words, when the texts are too long to tell it. */
      change?: string;
    } = {},
  ) => {
    const about = options.about ?? [lineOf(start)];
    const original = source.slice(start, end);
    if (original === replacement) return;
    const line = lineOf(start);
    if (!about.some(inScope)) return;
    const key = `${start}:${end}:${replacement}`;
    if (seen.has(key)) return;
    seen.add(key);
    mutants.push({
      mutator,
      start,
      end,
      replacement,
      line,
      lineText: (lines[line - 1] ?? '').trim(),
      change: options.change ?? `${short(original)} -> ${short(replacement)}`,
    });
  };
  const replaceNode = (mutator: string, node: ts.Node, replacement: string) =>
    add(mutator, node.getStart(file), node.getEnd(), replacement);

  const visit = (node: ts.Node): void => {
    if (isTypeLevel(node)) return;
    if (isDataTable(node)) return;
    mutateNode(node);
    ts.forEachChild(node, visit);
  };

  const mutateNode = (node: ts.Node) => {
    if (ts.isBinaryExpression(node)) {
      const kind = node.operatorToken.kind;
      const swaps = COMPARISONS[kind] ?? LOGICAL[kind] ?? ARITHMETIC[kind] ?? [];
      const op = node.operatorToken;
      const mutator = COMPARISONS[kind] ? 'comparison' : LOGICAL[kind] ? 'logical' : 'arithmetic';
      for (const swap of swaps) add(mutator, op.getStart(file), op.getEnd(), swap);
      memberMutants(node);
      if (kind === ts.SyntaxKind.AmpersandAmpersandToken || kind === ts.SyntaxKind.BarBarToken) {
        // Either side of a condition forgotten.
        replaceNode('logical', node, node.left.getText(file));
        replaceNode('logical', node, node.right.getText(file));
      }
    }
    if (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) {
      const { operator } = node;
      if (operator === ts.SyntaxKind.PlusPlusToken || operator === ts.SyntaxKind.MinusMinusToken) {
        const text = node.getText(file);
        const flipped = operator === ts.SyntaxKind.PlusPlusToken ? '--' : '++';
        const from = operator === ts.SyntaxKind.PlusPlusToken ? '++' : '--';
        replaceNode('update', node, text.replace(from, flipped));
      }
      if (ts.isPrefixUnaryExpression(node) && operator === ts.SyntaxKind.ExclamationToken) {
        replaceNode('negation', node, node.operand.getText(file));
      }
      if (ts.isPrefixUnaryExpression(node) && operator === ts.SyntaxKind.MinusToken) {
        replaceNode('negation', node, node.operand.getText(file));
      }
    }
    const condition = conditionOf(node);
    if (condition) {
      for (const value of ['true', 'false']) {
        add('condition', condition.getStart(file), condition.getEnd(), value, {
          about: linesOfCheck(condition),
        });
      }
    }
    if (ts.isNumericLiteral(node)) {
      const value = Number(node.text);
      replaceNode('constant', node, String(value + 1));
      replaceNode('constant', node, String(value - 1));
      if (value !== 0 && value !== 1) replaceNode('constant', node, '0');
    }
    if (
      ts.isIdentifier(node) &&
      node.text === 'Infinity' &&
      !ts.isPropertyAccessExpression(node.parent)
    ) {
      replaceNode('constant', node, '0');
    }
    if (node.kind === ts.SyntaxKind.TrueKeyword) replaceNode('constant', node, 'false');
    if (node.kind === ts.SyntaxKind.FalseKeyword) replaceNode('constant', node, 'true');
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isValue(node)) {
      replaceNode('string', node, node.text === '' ? "'mutated'" : "''");
    }
    if (ts.isTemplateExpression(node)) replaceNode('string', node, "''");
    if (ts.isAwaitExpression(node)) replaceNode('await', node, node.expression.getText(file));
    if (ts.isPropertyAccessExpression(node) && node.questionDotToken) {
      const q = node.questionDotToken;
      add('optional chaining', q.getStart(file), q.getEnd(), '.');
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name;
      for (const swap of METHODS[name.text] ?? []) {
        add('method', name.getStart(file), name.getEnd(), swap);
      }
      if (DROPPABLE_CALLS.has(name.text)) {
        replaceNode('method', node, node.expression.expression.getText(file));
      }
    }
    if (isStatementInBlock(node)) replaceNode('statement', node, ';');
    if (ts.isBlock(node)) orderMutants(node.statements);
    if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) removeListItem(node.properties, property);
    }
    if (ts.isArrayLiteralExpression(node)) {
      for (const element of node.elements) removeListItem(node.elements, element);
    }
    if (ts.isConditionalExpression(node)) {
      // The two outcomes swapped.
      replaceNode(
        'condition',
        node,
        `${node.condition.getText(file)} ? ${node.whenFalse.getText(file)} : ${node.whenTrue.getText(file)}`,
      );
    }
  };

  /**
   * The lines a check is about: the whole `if` (or loop) whose condition holds it, so that a
   * check carried over unchanged counts where the lesson changed what it guards.
   */
  const linesOfCheck = (node: ts.Node): number[] => {
    let at: ts.Node = node;
    while (at.parent && ts.isExpression(at.parent)) at = at.parent;
    const statement = at.parent;
    const guarded =
      statement &&
      (ts.isIfStatement(statement) || ts.isWhileStatement(statement)) &&
      statement.expression === at;
    if (!guarded) return [lineOf(node.getStart(file))];
    const first = lineOf(statement.getStart(file));
    const last = lineOf(statement.getEnd());
    return Array.from({ length: last - first + 1 }, (_, i) => first + i);
  };

  /** `x === 'a'` also true for another member of a's set; `x !== 'a'` also false for it. */
  const memberMutants = (node: ts.BinaryExpression) => {
    const kind = node.operatorToken.kind;
    const same = kind === ts.SyntaxKind.EqualsEqualsEqualsToken;
    if (!same && kind !== ts.SyntaxKind.ExclamationEqualsEqualsToken) return;
    const literal = [node.right, node.left].find(ts.isStringLiteral);
    const other = literal === node.right ? node.left : node.right;
    // The set is the one the compared property holds: `response.stop_reason`, `block.type`.
    const property = ts.isPropertyAccessExpression(other) ? other.name.text : undefined;
    const set = property === undefined ? undefined : SETS[property];
    if (!literal || !set?.includes(literal.text)) return;
    const subject = other.getText(file);
    for (const member of set) {
      if (member === literal.text) continue;
      const also = same ? ` || ${subject} === '${member}'` : ` && ${subject} !== '${member}'`;
      add('member', node.getStart(file), node.getEnd(), `(${node.getText(file)}${also})`, {
        about: linesOfCheck(node),
        change: `${short(literal.text)} -> also ${short(member)}`,
      });
    }
  };

  /**
   * Two checks that each end the code they guard (an `if` that returns, throws, breaks or
   * continues), the first moved after the second: the slip of doing them in the other order,
   * which only a case where both apply at once can tell.
   */
  const orderMutants = (statements: ts.NodeArray<ts.Statement>) => {
    const guards = statements.filter(isGuard);
    for (let i = 0; i + 1 < guards.length; i++) {
      const first = guards[i]!;
      const second = guards[i + 1]!;
      if (disjoint(first.expression, second.expression)) continue;
      const indent = /^[ \t]*/.exec(lines[lineOf(first.getStart(file)) - 1] ?? '')?.[0] ?? '';
      const moved = `${source.slice(first.getEnd(), second.getEnd()).trimStart()}\n${indent}${first.getText(file)}`;
      add('order', first.getStart(file), second.getEnd(), moved, {
        about: [lineOf(first.getStart(file)), lineOf(second.getStart(file))],
        change: `moved after ${short(firstLine(second.getText(file)))}`,
      });
    }
  };

  /** Whether two conditions compare the same thing with different strings: never both true. */
  const disjoint = (a: ts.Expression, b: ts.Expression) => {
    const compared = (e: ts.Expression) =>
      ts.isBinaryExpression(e) &&
      e.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken &&
      ts.isStringLiteral(e.right)
        ? { subject: e.left.getText(file), value: e.right.text }
        : undefined;
    const x = compared(a);
    const y = compared(b);
    return x !== undefined && y !== undefined && x.subject === y.subject && x.value !== y.value;
  };

  /** One property or element left out, with the comma that goes with it. */
  const removeListItem = (list: ts.NodeArray<ts.Node>, item: ts.Node) => {
    const i = list.indexOf(item);
    const next = list[i + 1];
    const previous = list[i - 1];
    if (next) add('literal', item.getStart(file), next.getStart(file), '');
    else if (previous) add('literal', previous.getEnd(), item.getEnd(), '');
    else replaceNode('literal', item, '');
  };

  visit(file);
  return mutants.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Applies a mutant to the text it was made from. */
export function applyMutant(source: string, mutant: Mutant): string {
  return source.slice(0, mutant.start) + mutant.replacement + source.slice(mutant.end);
}

/** The condition of an `if`, a loop or a `?:`, when `node` is one. */
function conditionOf(node: ts.Node): ts.Expression | undefined {
  if (ts.isIfStatement(node) || ts.isWhileStatement(node) || ts.isDoStatement(node)) {
    return node.expression.kind === ts.SyntaxKind.TrueKeyword ? undefined : node.expression;
  }
  if (ts.isForStatement(node)) return node.condition;
  if (ts.isConditionalExpression(node)) return node.condition;
}

/** An `if` with no `else` whose body always leaves: a check that ends what follows it. */
function isGuard(node: ts.Statement): node is ts.IfStatement {
  if (!ts.isIfStatement(node) || node.elseStatement) return false;
  const last = ts.isBlock(node.thenStatement)
    ? node.thenStatement.statements.at(-1)
    : node.thenStatement;
  return (
    last !== undefined &&
    (ts.isReturnStatement(last) ||
      ts.isThrowStatement(last) ||
      ts.isContinueStatement(last) ||
      ts.isBreakStatement(last))
  );
}

/** Statements whose removal still leaves code that runs: not declarations. */
const REMOVABLE = [
  ts.isExpressionStatement,
  ts.isReturnStatement,
  ts.isIfStatement,
  ts.isContinueStatement,
  ts.isBreakStatement,
  ts.isThrowStatement,
  ts.isForOfStatement,
  ts.isForStatement,
];

function isStatementInBlock(node: ts.Node): boolean {
  if (!node.parent || (!ts.isBlock(node.parent) && !ts.isSourceFile(node.parent))) return false;
  return REMOVABLE.some((is) => is(node));
}

/** Code that only exists for the type checker (esbuild erases it), and imports. */
const TYPE_LEVEL = [
  ts.isTypeNode,
  ts.isInterfaceDeclaration,
  ts.isTypeAliasDeclaration,
  ts.isImportDeclaration,
  ts.isTypeParameterDeclaration,
];

function isTypeLevel(node: ts.Node): boolean {
  return TYPE_LEVEL.some((is) => is(node));
}

/**
 * A table of the lesson's data (a module-level `const` in capitals holding an object or an
 * array: `WEATHER`, `TOOLS`): the world the cases run in, not the code under test.
 */
function isDataTable(node: ts.Node): boolean {
  if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name)) return false;
  const statement = node.parent.parent;
  if (!ts.isVariableStatement(statement) || !ts.isSourceFile(statement.parent)) return false;
  const value = node.initializer;
  return (
    /^[A-Z][A-Z0-9_]*$/.test(node.name.text) &&
    value !== undefined &&
    (ts.isObjectLiteralExpression(value) || ts.isArrayLiteralExpression(value))
  );
}

/** A string that is a value the code uses, not a key or a module name. */
function isValue(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral): boolean {
  const parent = node.parent;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return false;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return false;
  if (ts.isLiteralTypeNode(parent)) return false;
  return true;
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}

function short(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(line.length > 60 ? `${line.slice(0, 57)}...` : line);
}
